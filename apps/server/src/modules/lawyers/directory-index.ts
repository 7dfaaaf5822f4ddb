import { LAWYER_SORTS, type LawyerSort } from '@l4l/shared/constants/sort';
import type { DirectoryFilter, PageRange } from './lawyers.repository.ts';
import { type SlotOrder, SortedSlots } from './sorted-slots.ts';

/** What the index keeps of a listed lawyer: what the directory filters and sorts on, nothing it shows. */
export type IndexedLawyer = {
  userId: string;
  categories: string[];
  province: string;
  priceHourCents: number;
  firstVisitFree: boolean;
  ratingAvg: number;
  ratingCount: number;
  finishedCases: number;
  activeCases: number;
  /** the accent-free, lower-case name, its words separated by single spaces */
  searchText: string;
};

/** A page of the directory as ids in order, and its count (past the limit: any number above it). */
export type IndexPage = { ids: string[]; total: number };

const SORTS: LawyerSort[] = LAWYER_SORTS.map((sort) => sort.value);

/** One ordered list per sort. */
type Lists = Record<LawyerSort, SortedSlots>;

/** A request's conditions as the index tests them on a slot. */
type Wanted = {
  terms: string[];
  categories?: Set<number>;
  provinces?: number[];
  min?: number;
  max?: number;
  free: boolean;
};

/** The lists a request walks in sort order (their union), or the typed word whose lawyers it gathers. */
type FacetSource = { lists: SortedSlots[]; size: number };
type WordSource = { from: number; to: number; size: number };

/**
 * The listed lawyers in memory (docs/decisions/0042-directory-index-in-memory.md): for each sort, every
 * lawyer in order, and each category's and each province's lawyers in order; each word of the names with
 * its lawyers. A request walks the smaller of its facets' ordered lists, testing each lawyer on the rest,
 * until its page is full and its count past the limit, or gathers the lawyers of a typed word's prefix
 * range when that is smaller, keeping the best of them in order. It answers ids and the bounded count of
 * ADR 0020 exactly as the SQL paths do (lawyers.equivalence.test.ts).
 */
export class DirectoryIndex {
  /** the version of lawyer_search_version this index reflects */
  version = 0;
  private ids: string[] = [];
  private readonly slotOf = new Map<string, number>();
  private readonly freeSlots: number[] = [];
  private used = 0;
  private price = new Int32Array(0);
  private ratingAvg = new Float64Array(0);
  private ratingCount = new Int32Array(0);
  private finished = new Int32Array(0);
  private active = new Int32Array(0);
  private firstFree = new Uint8Array(0);
  private province = new Int32Array(0);
  private seen = new Uint32Array(0);
  private epoch = 0;
  private categories: number[][] = [];
  private tokens: string[][] = [];
  private readonly provinceCodes = new Map<string, number>();
  private readonly categoryCodes = new Map<string, number>();
  private readonly order: Record<LawyerSort, SlotOrder>;
  private all: Lists;
  private readonly byCategory = new Map<number, Lists>();
  private readonly byProvince = new Map<number, Lists>();
  private readonly tokenSlots = new Map<string, number[]>();
  /** the words in order and, before each, how many (word, lawyer) pairs precede it; rebuilt after a change */
  private words: { list: string[]; before: Int32Array } | undefined;

  constructor() {
    const byId = (a: number, b: number) => {
      const x = this.ids[a]!;
      const y = this.ids[b]!;
      return x < y ? -1 : x > y ? 1 : 0;
    };
    this.order = {
      rating: (a, b) =>
        this.ratingAvg[b]! - this.ratingAvg[a]! || this.ratingCount[b]! - this.ratingCount[a]! || byId(a, b),
      price_asc: (a, b) => this.price[a]! - this.price[b]! || byId(a, b),
      price_desc: (a, b) => this.price[b]! - this.price[a]! || byId(a, b),
      finished: (a, b) => this.finished[b]! - this.finished[a]! || byId(a, b),
      active: (a, b) => this.active[b]! - this.active[a]! || byId(a, b),
    };
    this.all = this.emptyLists();
  }

  get size(): number {
    return this.slotOf.size;
  }

  /** Lawyers added before `seal`, which orders them all at once (the load). */
  add(lawyer: IndexedLawyer): void {
    this.place(lawyer);
  }

  /** Every list built from the lawyers added, each sort once. */
  seal(): void {
    const slots = new Int32Array(this.slotOf.values());
    for (const sort of SORTS) {
      const ordered = slots.slice().sort(this.order[sort]);
      this.all[sort] = SortedSlots.ordered(this.order[sort], ordered);
      this.fillFacets(sort, ordered, (slot) => this.categories[slot]!, this.byCategory);
      this.fillFacets(sort, ordered, (slot) => [this.province[slot]!], this.byProvince);
    }
  }

  /**
   * Lawyers that changed: each id's entry goes, and comes back from `listed` when it is there (listed now,
   * with its new keys). Runs synchronously, so no search sees half of it.
   */
  apply(ids: Iterable<string>, listed: IndexedLawyer[], version: number): void {
    for (const id of ids) {
      const slot = this.slotOf.get(id);
      if (slot !== undefined) this.detach(slot);
    }
    for (const lawyer of listed) {
      const existing = this.slotOf.get(lawyer.userId);
      if (existing !== undefined) this.detach(existing);
      this.attach(this.place(lawyer));
    }
    this.version = version;
  }

  search(filter: DirectoryFilter, sort: LawyerSort, range: PageRange, countLimit: number): IndexPage {
    const wanted = this.wanted(filter);
    if (!wanted) return { ids: [], total: 0 };
    const facets = this.facetSource(wanted, sort);
    const word = this.wordSource(filter.terms);
    const { page, total } =
      word && word.size < facets.size
        ? this.byWord(word, wanted, sort, range)
        : this.byFacets(facets.lists, wanted, sort, range, countLimit);
    return { ids: page.map((slot) => this.ids[slot]!), total };
  }

  /** The request's conditions as codes; undefined when a facet asked for has no lawyer at all. */
  private wanted(filter: DirectoryFilter): Wanted | undefined {
    const codes = (names: string[], known: Map<string, number>) =>
      names.map((name) => known.get(name)).filter((code) => code !== undefined);
    const categories = codes(filter.categories, this.categoryCodes);
    const provinces = codes(filter.provinces, this.provinceCodes);
    if (filter.categories.length && !categories.length) return undefined;
    if (filter.provinces.length && !provinces.length) return undefined;
    return {
      terms: filter.terms,
      categories: categories.length ? new Set(categories) : undefined,
      provinces: provinces.length ? [...new Set(provinces)] : undefined,
      min: filter.minPriceCents,
      max: filter.maxPriceCents,
      free: filter.firstVisitFree === true,
    };
  }

  /** The categories' lists or the provinces', whichever holds fewer entries; every lawyer's without either. */
  private facetSource(wanted: Wanted, sort: LawyerSort): FacetSource {
    const listsOf = (codes: Iterable<number>, lists: Map<number, Lists>) => {
      const found = [...codes].map((code) => lists.get(code)?.[sort]).filter((list) => list !== undefined);
      return { lists: found, size: found.reduce((sum, list) => sum + list.length, 0) };
    };
    const byCategory = wanted.categories && listsOf(wanted.categories, this.byCategory);
    const byProvince = wanted.provinces && listsOf(wanted.provinces, this.byProvince);
    if (byCategory && byProvince) return byCategory.size <= byProvince.size ? byCategory : byProvince;
    return byCategory ?? byProvince ?? { lists: [this.all[sort]], size: this.all[sort].length };
  }

  /** The typed word whose prefix range of words holds the fewest (word, lawyer) entries. */
  private wordSource(terms: string[]): WordSource | undefined {
    if (!terms.length) return undefined;
    const { list, before } = this.wordRanges();
    let best: WordSource | undefined;
    for (const term of terms) {
      const from = firstIndex(list, (word) => word >= term);
      const to = firstIndex(list, (word) => word > term && !word.startsWith(term));
      const size = before[to]! - before[from]!;
      if (!best || size < best.size) best = { from, to, size };
    }
    return best;
  }

  /** The lists merged in sort order, a lawyer in two of them once, until the page is full and the count past the limit. */
  private byFacets(lists: SortedSlots[], wanted: Wanted, sort: LawyerSort, range: PageRange, limit: number) {
    const order = this.order[sort];
    const end = range.offset + range.limit;
    const heads = new Int32Array(lists.length);
    const page: number[] = [];
    let total = 0;
    while (total <= limit || total < end) {
      let next = -1;
      for (let i = 0; i < lists.length; i++) {
        const list = lists[i]!;
        if (heads[i]! < list.length) {
          const slot = list.items[heads[i]!]!;
          if (next < 0 || order(slot, next) < 0) next = slot;
        }
      }
      if (next < 0) break;
      // the same lawyer heads every list it is in at once (one order for all)
      for (let i = 0; i < lists.length; i++) {
        if (heads[i]! < lists[i]!.length && lists[i]!.items[heads[i]!] === next) heads[i]!++;
      }
      if (!this.matches(next, wanted)) continue;
      total++;
      if (total > range.offset && total <= end) page.push(next);
    }
    return { page, total };
  }

  /** Every lawyer of the word's range once, tested, the best `offset + limit` kept in order. */
  private byWord(word: WordSource, wanted: Wanted, sort: LawyerSort, range: PageRange) {
    const order = this.order[sort];
    const keep = range.offset + range.limit;
    const { list } = this.wordRanges();
    const epoch = this.nextEpoch();
    const best: number[] = [];
    let total = 0;
    for (let i = word.from; i < word.to; i++) {
      for (const slot of this.tokenSlots.get(list[i]!)!) {
        if (this.seen[slot] === epoch) continue;
        this.seen[slot] = epoch;
        if (!this.matches(slot, wanted)) continue;
        total++;
        if (best.length === keep && order(slot, best[keep - 1]!) >= 0) continue;
        best.splice(
          firstIndex(best, (other) => order(other, slot) > 0),
          0,
          slot,
        );
        if (best.length > keep) best.pop();
      }
    }
    return { page: best.slice(range.offset), total };
  }

  private matches(slot: number, wanted: Wanted): boolean {
    const price = this.price[slot]!;
    if (wanted.min !== undefined && price < wanted.min) return false;
    if (wanted.max !== undefined && price > wanted.max) return false;
    if (wanted.free && this.firstFree[slot] === 0) return false;
    if (wanted.provinces && !wanted.provinces.includes(this.province[slot]!)) return false;
    const categories = wanted.categories;
    if (categories && !this.categories[slot]!.some((code) => categories.has(code))) return false;
    const tokens = this.tokens[slot]!;
    for (const term of wanted.terms) {
      let found = false;
      for (const token of tokens) if (token.startsWith(term)) found = true;
      if (!found) return false;
    }
    return true;
  }

  private emptyLists(capacity = 16): Lists {
    return Object.fromEntries(
      SORTS.map((sort) => [sort, new SortedSlots(this.order[sort], capacity)]),
    ) as Lists;
  }

  /** Each facet's lists of one sort, filled from every lawyer in that order. */
  private fillFacets(
    sort: LawyerSort,
    ordered: Int32Array,
    facetsOf: (slot: number) => number[],
    lists: Map<number, Lists>,
  ) {
    for (const slot of ordered) {
      for (const code of facetsOf(slot)) {
        const list = this.facetLists(lists, code)[sort];
        if (list.length === list.items.length) {
          const grown = new Int32Array(list.items.length * 2);
          grown.set(list.items);
          list.items = grown;
        }
        list.items[list.length++] = slot;
      }
    }
  }

  /** A slot for the lawyer, its keys written; in no list yet. */
  private place(lawyer: IndexedLawyer): number {
    const slot = this.freeSlots.pop() ?? this.used++;
    this.grow(slot + 1);
    this.ids[slot] = lawyer.userId;
    this.slotOf.set(lawyer.userId, slot);
    this.price[slot] = lawyer.priceHourCents;
    this.ratingAvg[slot] = lawyer.ratingAvg;
    this.ratingCount[slot] = lawyer.ratingCount;
    this.finished[slot] = lawyer.finishedCases;
    this.active[slot] = lawyer.activeCases;
    this.firstFree[slot] = lawyer.firstVisitFree ? 1 : 0;
    this.province[slot] = codeOf(this.provinceCodes, lawyer.province);
    this.categories[slot] = [...new Set(lawyer.categories.map((name) => codeOf(this.categoryCodes, name)))];
    const words = [...new Set(lawyer.searchText.split(' ').filter(Boolean))];
    this.tokens[slot] = words.map((word) => {
      const slots = this.tokenSlots.get(word);
      if (slots) slots.push(slot);
      else this.tokenSlots.set(word, [slot]);
      return word;
    });
    this.words = undefined;
    return slot;
  }

  /** A placed lawyer into every list it belongs to. */
  private attach(slot: number): void {
    for (const lists of this.listsOf(slot)) for (const sort of SORTS) lists[sort].insert(slot);
  }

  /** A lawyer out of every list and word, its slot free again. */
  private detach(slot: number): void {
    for (const lists of this.listsOf(slot)) for (const sort of SORTS) lists[sort].remove(slot);
    for (const word of this.tokens[slot]!) {
      const slots = this.tokenSlots.get(word)!;
      const at = slots.indexOf(slot);
      slots[at] = slots[slots.length - 1]!;
      slots.pop();
      if (!slots.length) this.tokenSlots.delete(word);
    }
    this.slotOf.delete(this.ids[slot]!);
    this.tokens[slot] = [];
    this.categories[slot] = [];
    this.freeSlots.push(slot);
    this.words = undefined;
  }

  private listsOf(slot: number): Lists[] {
    const lists = [this.all];
    for (const code of this.categories[slot]!) lists.push(this.facetLists(this.byCategory, code));
    lists.push(this.facetLists(this.byProvince, this.province[slot]!));
    return lists;
  }

  /** A facet's lists, made empty the first time the facet is seen. */
  private facetLists(lists: Map<number, Lists>, code: number): Lists {
    const found = lists.get(code);
    if (found) return found;
    const made = this.emptyLists();
    lists.set(code, made);
    return made;
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

  /** Room for `slots` slots in every per-slot array. */
  private grow(slots: number): void {
    if (slots <= this.price.length) return;
    const capacity = Math.max(1024, this.price.length * 2, slots);
    const grown = <T extends Int32Array | Float64Array | Uint8Array | Uint32Array>(
      old: T,
      make: (n: number) => T,
    ) => {
      const array = make(capacity);
      array.set(old);
      return array;
    };
    this.price = grown(this.price, (n) => new Int32Array(n));
    this.ratingAvg = grown(this.ratingAvg, (n) => new Float64Array(n));
    this.ratingCount = grown(this.ratingCount, (n) => new Int32Array(n));
    this.finished = grown(this.finished, (n) => new Int32Array(n));
    this.active = grown(this.active, (n) => new Int32Array(n));
    this.firstFree = grown(this.firstFree, (n) => new Uint8Array(n));
    this.province = grown(this.province, (n) => new Int32Array(n));
    this.seen = grown(this.seen, (n) => new Uint32Array(n));
  }
}

/** The code of a facet's name, a new one the first time it is seen. */
function codeOf(codes: Map<string, number>, name: string): number {
  const code = codes.get(name);
  if (code !== undefined) return code;
  codes.set(name, codes.size);
  return codes.size - 1;
}

/** The first index whose item passes `test`, for a test false then true along the list. */
function firstIndex<T>(list: readonly T[], test: (item: T) => boolean): number {
  let low = 0;
  let high = list.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (test(list[middle]!)) high = middle;
    else low = middle + 1;
  }
  return low;
}
