import { describe, expect, it } from 'vitest';
import { GroupedCalls } from './grouped-calls.ts';

/** A write that answers each input doubled once released, recording the groups it was given. */
function heldWrites(options: { concurrency: number; maxGroup: number }) {
  const groups: number[][] = [];
  const releases: Array<() => void> = [];
  const writes = new GroupedCalls<number, number>(async (inputs) => {
    groups.push(inputs);
    await new Promise<void>((resolve) => releases.push(resolve));
    return inputs.map((input) => input * 2);
  }, options);
  const releaseAll = () => {
    for (const release of releases.splice(0)) release();
  };
  return { writes, groups, releaseAll };
}

describe('GroupedCalls', () => {
  it('sends a write at once, alone, while fewer groups than the limit are in flight', async () => {
    const { writes, groups, releaseAll } = heldWrites({ concurrency: 2, maxGroup: 10 });
    const one = writes.add(1);
    const two = writes.add(2);
    expect(groups).toEqual([[1], [2]]);
    releaseAll();
    expect(await Promise.all([one, two])).toEqual([2, 4]);
  });

  it('gathers the writes that arrive at the limit into the next group, in order, up to its size', async () => {
    const { writes, groups, releaseAll } = heldWrites({ concurrency: 1, maxGroup: 3 });
    const answers = [1, 2, 3, 4, 5, 6].map((input) => writes.add(input));
    expect(groups).toEqual([[1]]);
    expect(writes.waiting).toBe(5);
    releaseAll();
    await expect.poll(() => groups.length).toBe(2);
    expect(groups[1]).toEqual([2, 3, 4]);
    releaseAll();
    await expect.poll(() => groups.length).toBe(3);
    releaseAll();
    expect(await Promise.all(answers)).toEqual([2, 4, 6, 8, 10, 12]);
    expect(groups).toEqual([[1], [2, 3, 4], [5, 6]]);
  });

  it('tries each write of a failed group alone, so only the bad one fails its caller', async () => {
    const groups: number[][] = [];
    const writes = new GroupedCalls<number, number>(
      async (inputs) => {
        groups.push(inputs);
        if (inputs.includes(13)) throw new Error('bad row');
        return inputs;
      },
      { concurrency: 1, maxGroup: 10 },
    );
    const first = writes.add(1);
    const rest = [12, 13, 14].map((input) => writes.add(input));
    expect(await first).toBe(1);
    const settled = await Promise.allSettled(rest);
    expect(settled.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(groups).toEqual([[1], [12, 13, 14], [12], [13], [14]]);
    // the next write goes through as before
    expect(await writes.add(2)).toBe(2);
  });
});
