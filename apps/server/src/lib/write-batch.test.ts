import { describe, expect, it } from 'vitest';
import { WriteBatch } from './write-batch.ts';

describe('WriteBatch', () => {
  it('writes the keys added within the delay once, in one flush, and answers every caller its time', async () => {
    const flushes: Array<{ keys: string[]; at: Date }> = [];
    const batch = new WriteBatch(async (keys, at) => {
      flushes.push({ keys, at });
    }, 20);
    const answers = await Promise.all([batch.add('ana'), batch.add('luis'), batch.add('ana')]);
    expect(flushes).toHaveLength(1);
    expect(flushes[0]?.keys).toEqual(['ana', 'luis']);
    expect(answers).toEqual([flushes[0]?.at, flushes[0]?.at, flushes[0]?.at]);
  });

  it('gathers the next batch while one is being written', async () => {
    const flushes: string[][] = [];
    let release: () => void = () => {};
    const batch = new WriteBatch(async (keys) => {
      flushes.push(keys);
      if (flushes.length === 1) await new Promise<void>((resolve) => (release = resolve));
    }, 5);
    const first = batch.add('ana');
    await expect.poll(() => flushes.length).toBe(1);
    const second = batch.add('luis');
    await expect.poll(() => flushes.length).toBe(2);
    release();
    await Promise.all([first, second]);
    expect(flushes).toEqual([['ana'], ['luis']]);
  });

  it('rejects the callers of a failed flush, and the next batch writes again', async () => {
    let fail = true;
    const batch = new WriteBatch(async () => {
      if (fail) throw new Error('database away');
    }, 5);
    await expect(Promise.all([batch.add('ana'), batch.add('luis')])).rejects.toThrow('database away');
    fail = false;
    await expect(batch.add('ana')).resolves.toBeInstanceOf(Date);
  });
});
