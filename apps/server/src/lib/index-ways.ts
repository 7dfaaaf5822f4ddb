import type { IndexQuery, IndexTuning } from './ordered-index.types.ts';

/*
 * How an ordered index (lib/ordered-index.ts) chooses its way for a request, from sizes it knows at once: each
 * way's cost in entries walked (the weights were chosen from bench/lib/directory-index-cost.mjs, which times
 * every request of the directory-1m mix against an index in process; bench/README.md).
 */

/** what an entry gathered by a typed word costs against a walk's (read out of order, tested whole) */
const GATHERED_COST = 8;
/** what scanning one word of bits (32 entries) costs against an entry walked, and an entry the scan finds */
const SCAN_COST = 1;
const CANDIDATE_COST = 2;
/** ranges this large are counted by their bits */
const BITS_FROM = 4096;

export type IndexWay = 'walk' | 'word' | 'bits';

export type WayFacts = {
  /** entries in the index, and words of bits a set of them takes */
  entries: number;
  bitWords: number;
  /** the ranges asked, and how many entries they hold */
  lists: number;
  size: number;
  /** how many (word, entry) pairs each typed word's prefix range holds */
  termSizes: number[];
};

/** What of a request the choice reads (a test present or not). */
type Asked = Pick<IndexQuery<never, string>, 'offset' | 'limit' | 'countLimit'> & { test?: unknown };

/** Whether a walk's count is made of bits: the ranges are large and no test but the words' is asked. */
export function countedByBits(size: number, query: Asked, tuning: IndexTuning): boolean {
  return !query.test && size >= (tuning.bitsFrom ?? BITS_FROM);
}

/**
 * The cheapest way to answer: walking the ranges' lists in order (it reads about the page over the share of
 * entries the words keep, each step of a merge comparing every list's head; then, when the count is made of
 * bits, scans them until past the limit); gathering the rarest typed word's entries; or scanning the bits of
 * the ranges and words (a word of bits per 32 entries of the index, then each entry found).
 */
export function cheapestWay(facts: WayFacts, query: Asked, tuning: IndexTuning): IndexWay {
  const { entries, bitWords, lists, size, termSizes } = facts;
  const rarest = termSizes.length ? Math.min(...termSizes) : undefined;
  if (tuning.way && (tuning.way !== 'word' || rarest !== undefined)) return tuning.way;
  const shares = termSizes.reduce((product, terms) => product * Math.min(1, terms / Math.max(1, entries)), 1);
  const kept = Math.max(shares, 1e-9);
  const scan = bitWords * (lists + termSizes.length) * (tuning.scanCost ?? SCAN_COST);
  const step = Math.max(1, lists);
  const page = query.offset + query.limit;
  const walk = countedByBits(size, query, tuning)
    ? Math.min(size, page / kept) * step +
      scan * Math.min(1, (query.countLimit + 1) / Math.max(1, size * shares))
    : Math.min(size, Math.max(query.countLimit + 1, page) / kept) * step;
  const costs: Record<IndexWay, number> = {
    walk,
    word: rarest === undefined ? Number.POSITIVE_INFINITY : rarest * (tuning.gatheredCost ?? GATHERED_COST),
    bits: scan + size * shares * CANDIDATE_COST,
  };
  return (['bits', 'word'] as const).reduce<IndexWay>(
    (best, other) => (costs[other] < costs[best] ? other : best),
    'walk',
  );
}
