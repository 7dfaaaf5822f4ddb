/*
 * Sets of an ordered index's slots as bits (lib/ordered-index.ts): a typed word's entries, a large range's,
 * tested one slot at a time and counted 32 at a time.
 */

export function setBit(bits: Uint32Array, slot: number): void {
  bits[slot >>> 5]! |= 1 << (slot & 31);
}

/**
 * Bit sets kept by key, each kept current as slots come and go (`note`), the least recently used dropped past
 * `most`. A set grows when a slot past its end is set; every bit past its end is clear.
 */
export class KeptBits<Key> {
  private readonly sets = new Map<Key, Uint32Array>();

  constructor(private readonly most = Number.POSITIVE_INFINITY) {}

  keys(): IterableIterator<Key> {
    return this.sets.keys();
  }

  get(key: Key, make: () => Uint32Array): Uint32Array {
    const kept = this.sets.get(key);
    if (kept) {
      this.sets.delete(key);
      this.sets.set(key, kept);
      return kept;
    }
    const made = make();
    if (this.sets.size >= this.most) this.sets.delete(this.sets.keys().next().value!);
    this.sets.set(key, made);
    return made;
  }

  /** The slot's bit set (placed) or cleared in the key's set, if it is kept. */
  note(key: Key, slot: number, placed: boolean): void {
    let bits = this.sets.get(key);
    if (!bits) return;
    const word = slot >>> 5;
    if (word >= bits.length) {
      if (!placed) return;
      const grown = new Uint32Array(Math.max(bits.length * 2, word + 1));
      grown.set(bits);
      this.sets.set(key, grown);
      bits = grown;
    }
    const bit = 1 << (slot & 31);
    bits[word] = placed ? bits[word]! | bit : bits[word]! & ~bit;
  }
}

/**
 * How many slots are in any of the ranges and in every word's bits: 32 at a time, stopping once past the
 * limit (then any number above it is the answer).
 */
export function countBits(ranges: Uint32Array[], words: Uint32Array[], limit: number): number {
  // a set shorter than another has every bit past its end clear
  const length = Math.max(0, ...ranges.map((bits) => bits.length));
  let total = 0;
  for (let i = 0; i < length && total <= limit; i++) {
    let any = 0;
    for (const bits of ranges) any |= bits[i] ?? 0;
    for (const bits of words) any &= bits[i] ?? 0;
    if (any !== 0) {
      any -= (any >>> 1) & 0x55555555;
      any = (any & 0x33333333) + ((any >>> 2) & 0x33333333);
      total += (((any + (any >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
    }
  }
  return total;
}

/** Whether every bit set has the slot's bit. */
export function hasAll(bits: Uint32Array[], slot: number): boolean {
  for (const set of bits) if (((set[slot >>> 5]! >>> (slot & 31)) & 1) === 0) return false;
  return true;
}
