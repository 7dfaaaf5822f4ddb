import { cheapestWay, countedByBits } from './index-ways.ts';
import type { IndexPage, IndexQuery, IndexTuning, OrderedIndexSpec } from './ordered-index.types.ts';
import { countBits, hasAll, hasAny, KeptBits, type SlotSet, scanBits, setBit } from './slot-bits.ts';
import { BestSlots, firstIndex, mergeLists, type SlotOrder, SortedSlots } from './sorted-slots.ts';

export type { IndexPage, IndexQuery, IndexTuning, OrderedIndexSpec };

type Lists<Sort extends string> = Record<Sort, SortedSlots>;
type TermRange = { term: string; from: number; to: number; size: number };

/** Typed words whose entries are kept as bits (each a bit per entry) */
const KEPT_TERMS = 512;

/**
 * Entries in memory, each range's entries in every sort's order (a range per combination of facet values,
 * as the search projection's rows are); each word with its entries, and the words in order with running
 * totals, so a prefix range's size is known at once. A request walks its ranges' ordered lists (merged when
 * it asks several, an entry in two of them once), testing each entry on the rest, until the page is full
 * and the count past the limit; or, when a typed word's prefix range is likely cheaper, gathers its entries
 * and keeps the best in order; or, when the words and ranges leave few entries of many, scans their bits
 * 32 entries at a time and keeps the best of what it finds. Each way's cost is estimated from the sizes
 * (`answer`). Changes apply synchronously, so no search sees half of one.
 */
export class OrderedIndex<Entry, Sort extends string> {
  /** the version of the database's log this index reflects */
  version = 0;
  private readonly entries: Entry[] = [];
  private readonly slotOf = new Map<string, number>();
  private readonly freeSlots: number[] = [];
  private seen = new Uint32Array(1024);
  private epoch = 0;
  private readonly sorts: Sort[];
  private readonly order: Record<Sort, SlotOrder>;
  private readonly lists = new Map<string, Lists<Sort>>();
  /** every entry, in every sort's order */
  private readonly all: Lists<Sort>;
  /** each sort's place of each slot in `all`, made again after a change: two slots compare by their places */
  private ranks: Partial<Record<Sort, Int32Array>> = {};
  /** for recent typed words, a bit per slot set when one of the entry's words starts with it */
  private readonly termBits = new KeptBits<string>(KEPT_TERMS);
  /** for large ranges, a bit per slot set when the entry is in the range: counts are then bit operations */
  private readonly rangeBits = new KeptBits<Lists<Sort>>();
  private readonly tokenSlots = new Map<string, number[]>();
  /** the words in order and, before each, how many (word, entry) pairs precede it; made again after a change */
  private words: { list: string[]; before: Int32Array } | undefined;

  constructor(
    private readonly spec: OrderedIndexSpec<Entry, Sort>,
    private readonly tuning: IndexTuning = {},
  ) {
    this.sorts = Object.keys(spec.orders) as Sort[];
    const entries = this.entries;
    this.order = Object.fromEntries(
      this.sorts.map((sort) => {
        const compare = spec.orders[sort];
        return [sort, (a: number, b: number) => compare(entries[a]!, entries[b]!)];
      }),
    ) as Record<Sort, SlotOrder>;
    this.all = this.emptyLists();
  }

  get size(): number {
    return this.slotOf.size;
  }

  /**
   * The entries of the load, added before `seal` (which orders them all at once), those of one cluster (the
   * spec's `cluster`) in neighbouring slots.
   */
  addAll(entries: readonly Entry[]): void {
    const { cluster = () => '', copy = (entry: Entry) => entry } = this.spec;
    const clusters = new Map<string, Entry[]>();
    for (const entry of entries) {
      const key = cluster(entry);
      const members = clusters.get(key);
      if (members) members.push(entry);
      else clusters.set(key, [entry]);
    }
    for (const key of [...clusters.keys()].sort()) {
      for (const entry of clusters.get(key)!) this.place(copy(entry));
    }
  }

  /** Every list built from the entries added, each sort once. */
  seal(): void {
    const slots = new Int32Array(this.slotOf.values());
    const rangesOf: Lists<Sort>[][] = [];
    for (const slot of slots) rangesOf[slot] = this.rangesOf(slot);
    for (const sort of this.sorts) {
      const ordered = slots.slice().sort(this.order[sort]);
      for (const slot of ordered) for (const lists of rangesOf[slot]!) lists[sort].push(slot);
    }
  }

  /** The entries of `ids` go, and come back from `present` (those that still belong, with their new keys). */
  apply(ids: Iterable<string>, present: Entry[], version: number): void {
    for (const id of ids) {
      const slot = this.slotOf.get(id);
      if (slot !== undefined) this.detach(slot);
    }
    for (const entry of present) {
      const existing = this.slotOf.get(this.spec.id(entry));
      if (existing !== undefined) this.detach(existing);
      this.attach(this.place(entry));
    }
    this.version = version;
  }

  search(query: IndexQuery<Entry, Sort>): IndexPage<Entry> {
    const ranges = query.ranges.flatMap((key) => this.lists.get(key) ?? []);
    const size = ranges.reduce((sum, range) => sum + range[query.sort].length, 0);
    const { page, total } = this.answer(ranges, this.termRanges(query.terms), size, query);
    return { entries: page.map((slot) => this.entries[slot]!), total };
  }

  /** The request answered the cheapest way (lib/index-ways.ts). */
  private answer(ranges: Lists<Sort>[], terms: TermRange[], size: number, query: IndexQuery<Entry, Sort>) {
    const rank = this.rankOf(query.sort);
    const facts = {
      entries: this.size,
      bitWords: this.bitWords(),
      lists: ranges.length,
      size,
      termSizes: terms.map((term) => term.size),
    };
    const way = cheapestWay(facts, query, this.tuning);
    const rarest = terms.reduce<TermRange | undefined>(
      (best, term) => (best && best.size <= term.size ? best : term),
      undefined,
    );
    const termSets = (except?: TermRange) =>
      terms.filter((term) => term !== except).map((term) => this.bitsOf(term));
    if (way === 'word' && rarest) return this.byWord(rarest, termSets(rarest), ranges, rank, query);
    if (way === 'bits') return this.byBits(ranges, termSets(), rank, query);
    return this.byRanges(ranges, termSets(), rank, query);
  }

  /** Each typed word's prefix range of words, and how many (word, entry) pairs it holds. */
  private termRanges(terms: readonly string[]): TermRange[] {
    if (!terms.length) return [];
    const { list, before } = this.wordRanges();
    return terms.map((term) => {
      const from = firstIndex(list, (word) => word >= term);
      const to = firstIndex(list, (word) => word > term && !word.startsWith(term));
      return { term, from, to, size: before[to]! - before[from]! };
    });
  }

  /**
   * The ranges' lists merged in order, an entry in two of them once, until the page is full; then the count:
   * with no test beyond the words, as bit operations over the ranges' and the words' bits; otherwise by
   * walking on until past the limit.
   */
  private byRanges(
    ranges: Lists<Sort>[],
    words: SlotSet[],
    rank: Int32Array,
    query: IndexQuery<Entry, Sort>,
  ) {
    const lists = ranges.map((range) => range[query.sort]);
    const end = query.offset + query.limit;
    // a large range's count is bit operations; a small one's, the rest of its walk
    const counted = countedByBits(
      lists.reduce((sum, list) => sum + list.length, 0),
      query,
      this.tuning,
    );
    const page: number[] = [];
    let total = 0;
    const wanted = () => total < end || (!counted && total <= query.countLimit);
    const take = (slot: number) => {
      if (!hasAll(words, slot) || (query.test && !query.test(this.entries[slot]!))) return;
      total++;
      if (total > query.offset && total <= end) page.push(slot);
    };
    let exhausted: boolean;
    if (lists.length === 1) {
      const { items, length } = lists[0]!;
      let i = 0;
      for (; i < length && wanted(); i++) take(items[i]!);
      exhausted = i >= length;
    } else {
      exhausted = mergeLists(lists, rank, wanted, take);
    }
    if (exhausted || !counted) return { page, total };
    const inRanges = ranges.map((range) => this.rangeBitsOf(range, query.sort));
    return { page, total: countBits(inRanges, words, query.countLimit) };
  }

  /** Every entry of the word's range once, tested, the best `offset + limit` kept in order. */
  private byWord(
    word: TermRange,
    words: SlotSet[],
    ranges: Lists<Sort>[],
    rank: Int32Array,
    query: IndexQuery<Entry, Sort>,
  ) {
    const inRanges = ranges.map((range) => this.rangeBitsOf(range, query.sort));
    const test = query.test;
    const best = new BestSlots(rank, query.offset + query.limit);
    const { list } = this.wordRanges();
    const epoch = this.nextEpoch();
    let total = 0;
    for (let i = word.from; i < word.to; i++) {
      for (const slot of this.tokenSlots.get(list[i]!)!) {
        if (this.seen[slot] === epoch) continue;
        this.seen[slot] = epoch;
        if (!hasAny(inRanges, slot) || !hasAll(words, slot) || (test && !test(this.entries[slot]!))) continue;
        total++;
        best.offer(slot);
      }
    }
    return { page: best.slots.slice(query.offset), total };
  }

  /** Every entry in the ranges' and the words' bits, in slot order, tested, the best `offset + limit` kept. */
  private byBits(ranges: Lists<Sort>[], words: SlotSet[], rank: Int32Array, query: IndexQuery<Entry, Sort>) {
    const test = query.test;
    const best = new BestSlots(rank, query.offset + query.limit);
    let total = 0;
    const inRanges = ranges.map((range) => this.rangeBitsOf(range, query.sort));
    scanBits(inRanges, words, (slot) => {
      if (test && !test(this.entries[slot]!)) return;
      total++;
      best.offer(slot);
    });
    return { page: best.slots.slice(query.offset), total };
  }

  /** A bit per slot, set for the entries the term's range holds; kept for the most recent terms. */
  private bitsOf({ term, from, to }: TermRange): SlotSet {
    return this.termBits.get(term, () => {
      const bits = new Uint32Array(this.bitWords());
      const { list } = this.wordRanges();
      for (let i = from; i < to; i++) for (const slot of this.tokenSlots.get(list[i]!)!) setBit(bits, slot);
      return bits;
    });
  }

  /** A bit per slot, set for the range's entries; kept, and kept current by every change. */
  private rangeBitsOf(range: Lists<Sort>, sort: Sort): SlotSet {
    return this.rangeBits.get(range, () => {
      const bits = new Uint32Array(this.bitWords());
      const { items, length } = range[sort];
      for (let i = 0; i < length; i++) setBit(bits, items[i]!);
      return bits;
    });
  }

  private bitWords(): number {
    return (this.entries.length >>> 5) + 1;
  }

  /** Each slot's place in the sort's list of every entry. */
  private rankOf(sort: Sort): Int32Array {
    let rank = this.ranks[sort];
    if (!rank) {
      rank = new Int32Array(this.entries.length);
      const { items, length } = this.all[sort];
      for (let i = 0; i < length; i++) rank[items[i]!] = i;
      this.ranks[sort] = rank;
    }
    return rank;
  }

  private emptyLists(): Lists<Sort> {
    return Object.fromEntries(
      this.sorts.map((sort) => [sort, new SortedSlots(this.order[sort])]),
    ) as Lists<Sort>;
  }

  /** A range's lists, made empty the first time it is seen. */
  private listsOf(key: string): Lists<Sort> {
    const found = this.lists.get(key);
    if (found) return found;
    const made = this.emptyLists();
    this.lists.set(key, made);
    return made;
  }

  /** A slot for the entry, its ranges and words noted; in no list yet. */
  private place(entry: Entry): number {
    const slot = this.freeSlots.pop() ?? this.entries.length;
    this.entries[slot] = entry;
    this.slotOf.set(this.spec.id(entry), slot);
    for (const word of this.wordsOf(slot)) {
      const slots = this.tokenSlots.get(word);
      if (slots) slots.push(slot);
      else this.tokenSlots.set(word, [slot]);
    }
    this.noteBits(slot, true);
    if (slot >= this.seen.length) {
      const grown = new Uint32Array(Math.max(this.seen.length * 2, slot + 1));
      grown.set(this.seen);
      this.seen = grown;
    }
    this.changed();
    return slot;
  }

  /** The lists of the slot's ranges (`all` first), from its entry. */
  private rangesOf(slot: number): Lists<Sort>[] {
    return [this.all, ...[...new Set(this.spec.ranges(this.entries[slot]!))].map((key) => this.listsOf(key))];
  }

  /** The slot's words, from its entry, each once. */
  private wordsOf(slot: number): string[] {
    return [...new Set(this.spec.text(this.entries[slot]!).split(' ').filter(Boolean))];
  }

  /** A placed entry into every list it belongs to. */
  private attach(slot: number): void {
    for (const lists of this.rangesOf(slot)) for (const sort of this.sorts) lists[sort].insert(slot);
  }

  /** An entry out of every list and word, its slot free again. */
  private detach(slot: number): void {
    for (const lists of this.rangesOf(slot)) for (const sort of this.sorts) lists[sort].remove(slot);
    for (const word of this.wordsOf(slot)) {
      const slots = this.tokenSlots.get(word)!;
      slots[slots.indexOf(slot)] = slots[slots.length - 1]!;
      slots.pop();
      if (!slots.length) this.tokenSlots.delete(word);
    }
    this.noteBits(slot, false);
    this.slotOf.delete(this.spec.id(this.entries[slot]!));
    this.spec.released?.(this.entries[slot]!);
    this.freeSlots.push(slot);
    this.changed();
  }

  /** What is made from the lists and words is made again when next needed. */
  private changed(): void {
    this.words = undefined;
    this.ranks = {};
  }

  /** The slot's bit set (placed) or cleared (gone) in the kept bits of its ranges and of the words it has. */
  private noteBits(slot: number, placed: boolean): void {
    for (const range of this.rangesOf(slot)) this.rangeBits.note(range, slot, placed);
    const tokens = this.wordsOf(slot);
    for (const term of this.termBits.keys()) {
      if (tokens.some((token) => token.startsWith(term))) this.termBits.note(term, slot, placed);
    }
  }

  private wordRanges() {
    if (!this.words) {
      const list = [...this.tokenSlots.keys()].sort();
      const before = new Int32Array(list.length + 1);
      list.forEach((word, i) => {
        before[i + 1] = before[i]! + this.tokenSlots.get(word)!.length;
      });
      this.words = { list, before };
    }
    return this.words;
  }

  private nextEpoch(): number {
    if (this.epoch >= 0xffff_fffe) {
      this.seen.fill(0);
      this.epoch = 0;
    }
    return ++this.epoch;
  }
}
