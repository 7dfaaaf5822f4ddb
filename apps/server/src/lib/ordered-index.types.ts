/** The shapes of lib/ordered-index.ts: what it holds, what it is asked, what it answers. */

/**
 * What an ordered index holds and how it orders it: the directory's lawyers and the board's cases alike
 * (modules/lawyers/directory-index.ts, modules/cases/board-index.ts).
 */
export type OrderedIndexSpec<Entry, Sort extends string> = {
  id: (entry: Entry) => string;
  /** each sort's order of two entries, a total one (ties end on the id) */
  orders: Record<Sort, (a: Entry, b: Entry) => number>;
  /**
   * The keys of the ranges an entry is in, one per combination of its facets' values and "any" (a lawyer in
   * Civil and Laboral in Madrid: 'Civil|Madrid', 'Civil|', 'Laboral|Madrid', 'Laboral|', '|Madrid', '|').
   */
  ranges: (entry: Entry) => readonly string[];
  /** the entry's words, accent-free and lower-case, separated by single spaces */
  text: (entry: Entry) => string;
  /** an entry that left the index (gone, or replaced by its new version) */
  released?: (entry: Entry) => void;
  /**
   * Entries of one cluster are numbered together when loaded (`addAll`): the ranges a request reads most
   * (a province's lawyers) then lie in few words of bits, and a scan or a count reads only those.
   */
  cluster?: (entry: Entry) => string;
  /**
   * The entry made anew with its own strings, when loaded (`addAll`), in its number's order: entries numbered
   * together then lie together in memory, and the collector's full marking, which visits them in that order,
   * reads memory in order rather than all over it (twice as fast at a million entries).
   */
  copy?: (entry: Entry) => Entry;
};

/** A request to the index: the ranges it reads (their union), every typed word (as a prefix), the rest. */
export type IndexQuery<Entry, Sort extends string> = {
  sort: Sort;
  offset: number;
  limit: number;
  /** past this many matches the count stops (ADR 0020): `total` is then some number above it */
  countLimit: number;
  /** the keys of the ranges whose union is asked (each combination of the facets' values asked) */
  ranges: readonly string[];
  terms: readonly string[];
  /** what else an entry must be (a price range, a free first consultation) */
  test?: (entry: Entry) => boolean;
};

/** A page's entries in order, and how many match (past the count's limit: any number above it). */
export type IndexPage<Entry> = { entries: Entry[]; total: number };

/** How the index chooses its ways (tests force each one). */
export type IndexTuning = {
  /** how many times a walk's entry an entry gathered by a typed word costs (read out of order, tested whole) */
  gatheredCost?: number;
  /** ranges this large are counted by their bits */
  bitsFrom?: number;
  /** what scanning a word of bits (32 entries) costs against a walk's entry */
  scanCost?: number;
  /** the way every request takes (the word's only when a word is typed) */
  way?: 'walk' | 'word' | 'bits';
};
