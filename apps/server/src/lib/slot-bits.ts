/*
 * Sets of an ordered index's slots as bits (lib/ordered-index.ts): a typed word's entries, a large range's,
 * tested one slot at a time and counted 32 at a time.
 */

/**
 * A set of slots as bits, with a summary bit per word of bits, set when that word has any: a scan skips the
 * words with none 32 at a time. Slots that share a range lie together when the index numbers them so
 * (`cluster`, lib/ordered-index.types.ts), and their range's summary is then a short run.
 */
export type SlotSet = { bits: Uint32Array; summary: Uint32Array };

/** The set of the slots whose bits are set in `bits`. */
export function slotSetOf(bits: Uint32Array): SlotSet {
  const summary = new Uint32Array((bits.length >>> 5) + 1);
  for (let i = 0; i < bits.length; i++) if (bits[i] !== 0) summary[i >>> 5]! |= 1 << (i & 31);
  return { bits, summary };
}

export function setBit(bits: Uint32Array, slot: number): void {
  bits[slot >>> 5]! |= 1 << (slot & 31);
}

/**
 * Bit sets kept by key, each kept current as slots come and go (`note`), the least recently used dropped past
 * `most`. A set grows when a slot past its end is set; every bit past its end is clear.
 */
export class KeptBits<Key> {
  private readonly sets = new Map<Key, SlotSet>();

  constructor(private readonly most = Number.POSITIVE_INFINITY) {}

  keys(): IterableIterator<Key> {
    return this.sets.keys();
  }

  get(key: Key, make: () => Uint32Array): SlotSet {
    const kept = this.sets.get(key);
    if (kept) {
      this.sets.delete(key);
      this.sets.set(key, kept);
      return kept;
    }
    const made = slotSetOf(make());
    if (this.sets.size >= this.most) this.sets.delete(this.sets.keys().next().value!);
    this.sets.set(key, made);
    return made;
  }

  /** The slot's bit set (placed) or cleared in the key's set, if it is kept. */
  note(key: Key, slot: number, placed: boolean): void {
    let set = this.sets.get(key);
    if (!set) return;
    const word = slot >>> 5;
    if (word >= set.bits.length) {
      if (!placed) return;
      const bits = new Uint32Array(Math.max(set.bits.length * 2, word + 1));
      bits.set(set.bits);
      const summary = new Uint32Array((bits.length >>> 5) + 1);
      summary.set(set.summary);
      set = { bits, summary };
      this.sets.set(key, set);
    }
    const { bits, summary } = set;
    const bit = 1 << (slot & 31);
    bits[word] = placed ? bits[word]! | bit : bits[word]! & ~bit;
    const marked = 1 << (word & 31);
    summary[word >>> 5] = bits[word] !== 0 ? summary[word >>> 5]! | marked : summary[word >>> 5]! & ~marked;
  }
}

/** The word `i` of the union of `ranges` (one range, the common case, read directly). */
function unionAt(ranges: SlotSet[], i: number): number {
  if (ranges.length === 1) return ranges[0]!.bits[i]! | 0;
  let any = 0;
  for (let k = 0; k < ranges.length; k++) any |= ranges[k]!.bits[i]! | 0;
  return any;
}

/** The summary word `s` of the union of `ranges`. */
function summaryAt(ranges: SlotSet[], s: number): number {
  if (ranges.length === 1) return ranges[0]!.summary[s]! | 0;
  let any = 0;
  for (let k = 0; k < ranges.length; k++) any |= ranges[k]!.summary[s]! | 0;
  return any;
}

/**
 * Each word of bits the ranges have any slot in, with those of its slots that every word's bits have too
 * (none past a set's end), in order, until `visit` says to stop: the summaries tell which words to read,
 * those of the ranges and of the words alike (a rare word's few marked words bound a scan of everyone).
 */
function eachKeptWord(ranges: SlotSet[], words: SlotSet[], visit: (i: number, kept: number) => boolean) {
  const length = ranges.reduce((most, set) => Math.max(most, set.summary.length), 0);
  for (let s = 0; s < length; s++) {
    let marked = summaryAt(ranges, s);
    for (let k = 0; k < words.length && marked !== 0; k++) marked &= words[k]!.summary[s]! | 0;
    while (marked !== 0) {
      const lowest = marked & -marked;
      marked ^= lowest;
      const i = (s << 5) | (31 - Math.clz32(lowest));
      const kept = keptAt(unionAt(ranges, i), words, i);
      if (kept !== 0 && !visit(i, kept)) return;
    }
  }
}

/** `any` with only the bits every word's set has at word `i` (past a set's end: none). */
function keptAt(any: number, words: SlotSet[], i: number): number {
  let kept = any;
  for (let k = 0; k < words.length && kept !== 0; k++) kept &= words[k]!.bits[i]! | 0;
  return kept;
}

/**
 * How many slots are in any of the ranges and in every word's bits: 32 at a time, stopping once past the
 * limit (then any number above it is the answer).
 */
export function countBits(ranges: SlotSet[], words: SlotSet[], limit: number): number {
  let total = 0;
  eachKeptWord(ranges, words, (_i, kept) => {
    let any = kept;
    any -= (any >>> 1) & 0x55555555;
    any = (any & 0x33333333) + ((any >>> 2) & 0x33333333);
    total += (((any + (any >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
    return total <= limit;
  });
  return total;
}

/**
 * Every slot in any of the ranges and in every word's bits, in slot order, handed to `visit`: the sets are
 * read 32 slots at a time, and only the words that the ranges' and the words' summaries mark, so a scan costs
 * at most about a word per 32 entries of its ranges, whatever it finds.
 */
export function scanBits(ranges: SlotSet[], words: SlotSet[], visit: (slot: number) => void): void {
  eachKeptWord(ranges, words, (i, kept) => {
    let any = kept;
    while (any !== 0) {
      const lowest = any & -any;
      visit((i << 5) | (31 - Math.clz32(lowest)));
      any ^= lowest;
    }
    return true;
  });
}

/** Whether any bit set has the slot's bit. */
export function hasAny(sets: SlotSet[], slot: number): boolean {
  for (const { bits } of sets) if (((bits[slot >>> 5]! >>> (slot & 31)) & 1) !== 0) return true;
  return false;
}

/** Whether every bit set has the slot's bit. */
export function hasAll(sets: SlotSet[], slot: number): boolean {
  for (const { bits } of sets) if (((bits[slot >>> 5]! >>> (slot & 31)) & 1) === 0) return false;
  return true;
}
