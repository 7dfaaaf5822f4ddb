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

/** The word `i` of the union of `ranges` (one range, the common case, read directly). */
function unionAt(ranges: Uint32Array[], i: number): number {
  if (ranges.length === 1) return ranges[0]![i]! | 0;
  let any = 0;
  for (let k = 0; k < ranges.length; k++) any |= ranges[k]![i]! | 0;
  return any;
}

/** `any` with only the bits every word's set has at word `i` (past a set's end: none). */
function keptAt(any: number, words: Uint32Array[], i: number): number {
  let kept = any;
  for (let k = 0; k < words.length && kept !== 0; k++) kept &= words[k]![i]! | 0;
  return kept;
}

/** The longest set's length in words: past it every set is clear. */
const wordsIn = (ranges: Uint32Array[]) => ranges.reduce((most, bits) => Math.max(most, bits.length), 0);

/**
 * How many slots are in any of the ranges and in every word's bits: 32 at a time, stopping once past the
 * limit (then any number above it is the answer).
 */
export function countBits(ranges: Uint32Array[], words: Uint32Array[], limit: number): number {
  const length = wordsIn(ranges);
  let total = 0;
  for (let i = 0; i < length && total <= limit; i++) {
    let any = unionAt(ranges, i);
    if (any !== 0) any = keptAt(any, words, i);
    if (any !== 0) {
      any -= (any >>> 1) & 0x55555555;
      any = (any & 0x33333333) + ((any >>> 2) & 0x33333333);
      total += (((any + (any >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
    }
  }
  return total;
}

/**
 * Every slot in any of the ranges and in every word's bits, in slot order, handed to `visit`: the sets are
 * read 32 slots at a time, so a scan costs about a word per 32 entries of the index, whatever it finds.
 */
export function scanBits(ranges: Uint32Array[], words: Uint32Array[], visit: (slot: number) => void): void {
  const length = wordsIn(ranges);
  for (let i = 0; i < length; i++) {
    let any = unionAt(ranges, i);
    if (any !== 0) any = keptAt(any, words, i);
    while (any !== 0) {
      const lowest = any & -any;
      visit((i << 5) | (31 - Math.clz32(lowest)));
      any ^= lowest;
    }
  }
}

/** Whether any bit set has the slot's bit. */
export function hasAny(bits: Uint32Array[], slot: number): boolean {
  for (const set of bits) if (((set[slot >>> 5]! >>> (slot & 31)) & 1) !== 0) return true;
  return false;
}

/** Whether every bit set has the slot's bit. */
export function hasAll(bits: Uint32Array[], slot: number): boolean {
  for (const set of bits) if (((set[slot >>> 5]! >>> (slot & 31)) & 1) === 0) return false;
  return true;
}
