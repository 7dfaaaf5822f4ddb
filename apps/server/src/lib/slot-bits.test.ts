import { describe, expect, it } from 'vitest';
import { prng } from '../../test/prng.ts';
import { countBits, KeptBits, scanBits, setBit, slotSetOf } from './slot-bits.ts';

/** A set of `count` slots drawn among `size`, clustered in one run when `run` is given. */
function drawn(random: () => number, size: number, count: number, run?: [number, number]) {
  const slots = new Set<number>();
  while (slots.size < count) {
    const [from, to] = run ?? [0, size];
    slots.add(from + Math.floor(random() * (to - from)));
  }
  return slots;
}

const bitsOf = (slots: Iterable<number>, size: number) => {
  const bits = new Uint32Array((size >>> 5) + 1);
  for (const slot of slots) setBit(bits, slot);
  return bits;
};

/**
 * lib/slot-bits.ts: a scan and a count read only the words of bits the summaries of the ranges and of the
 * words mark, and the summaries follow every slot set or cleared, so both answer as a plain test of every
 * slot does.
 */
describe('slot sets scanned by their summaries', () => {
  it('scan and count as a test of every slot does, as slots come and go', () => {
    const random = prng(20261130);
    const size = 40_000;
    for (let round = 0; round < 20; round++) {
      const kept = new KeptBits<string>();
      const ranges = [drawn(random, size, 600, [8_000, 11_000]), drawn(random, size, 50 + round * 10)].map(
        (slots, k) => ({ slots, set: kept.get(`r${k}`, () => bitsOf(slots, size)) }),
      );
      // a common word, or a rare one in few words of bits, whose set may end before the ranges'
      const rare = round % 2 === 1;
      const word = rare ? drawn(random, size, 200, [9_000, 15_000]) : drawn(random, size, 9_000);
      // slots come and go, past the sets' first end too
      for (let change = 0; change < 300; change++) {
        const range = ranges[change % 2]!;
        const slot = Math.floor(random() * (size + 5_000));
        const placed = random() < 0.5;
        if (placed) range.slots.add(slot);
        else range.slots.delete(slot);
        kept.note(`r${change % 2}`, slot, placed);
        range.set = kept.get(`r${change % 2}`, () => new Uint32Array());
      }
      const wanted = [...new Set([...ranges[0]!.slots, ...ranges[1]!.slots])]
        .filter((slot) => word.has(slot))
        .sort((a, b) => a - b);
      expect(wanted.length).toBeGreaterThan(0);
      const sets = ranges.map((range) => range.set);
      const words = [slotSetOf(bitsOf(word, rare ? size : size + 5_000))];
      const scanned: number[] = [];
      scanBits(sets, words, (slot) => scanned.push(slot));
      expect(scanned).toEqual(wanted);
      expect(countBits(sets, words, Number.POSITIVE_INFINITY)).toBe(wanted.length);
      // a count stops once past its limit, at some number above it
      const limit = Math.floor(wanted.length / 2);
      expect(countBits(sets, words, limit)).toBeGreaterThan(limit);
    }
  });
});
