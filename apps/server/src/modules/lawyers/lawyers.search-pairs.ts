import type { LawyerSort } from '@l4l/shared/constants/sort';
import { sql } from 'drizzle-orm';
import type { DirectoryFilter, PageRange } from './lawyers.repository.ts';
import {
  and,
  countOfStoredWords,
  END,
  pageOfStoredWords,
  type RangeOfStoredWord,
  wordResidual,
} from './lawyers.search-sql.ts';

/*
 * Two typed words read as one range of lawyer_search_pairs (docs/decisions/0040-name-pairs.md): which two
 * words, and the page's and the bounded count's statements.
 */

/** A word range past this many lawyers is left for the pairs' when two typed words make a pair (ADR 0040). */
export const PAIRS_FROM = 2_000;
/** the stored words the pair's first typed word may prefix: each is one range of the pairs */
const PAIR_FIRSTS = 20;

/**
 * The two typed words whose pairs are read (ADR 0040), from their sizes (`words`, as in RangeSizes): first
 * the one that prefixes the fewest stored words (each is a range of the pairs), then, of the others, the one
 * with the fewest lawyers. Two words one of which prefixes the other may both match one word of a name, a
 * match no pair holds, so they are never paired.
 */
export function pairOf(terms: string[], words: number[][]): { first: string; second: string } | undefined {
  const typed = terms.map((term, i) => ({ term, lawyers: words[i]?.[0] ?? 0, stored: words[i]?.[1] ?? 0 }));
  const related = (a: string, b: string) => a.startsWith(b) || b.startsWith(a);
  const firsts = typed
    .filter(({ stored }) => stored > 0 && stored <= PAIR_FIRSTS)
    .sort((a, b) => a.stored - b.stored || a.lawyers - b.lawyers);
  for (const first of firsts) {
    const [second] = typed
      .filter(({ term }) => !related(term, first.term))
      .sort((a, b) => a.lawyers - b.lawyers);
    if (second) return { first: first.term, second: second.term };
  }
  return undefined;
}

/**
 * The pair rows of stored word `v.word` (one `first` prefixes) followed by typed word `second` that what the
 * request asks besides those two words keeps, a lawyer once (two words of a name may both start with `second`).
 */
const pairRange =
  (filter: DirectoryFilter, first: string, second: string): RangeOfStoredWord =>
  (columns) =>
    sql`select distinct ${columns} from lawyer_search_pairs p
      where ${and([
        sql`p.pair >= v.word || ' ' || ${second}`,
        sql`p.pair < v.word || ' ' || ${second} || ${END}`,
        ...wordResidual(filter, first, second),
      ])}`;

/** Pair first (ADR 0040): each stored word's pair range read whole and sorted (it holds few lawyers), merged. */
export const pairPageIds = (
  filter: DirectoryFilter,
  first: string,
  second: string,
  sort: LawyerSort,
  range: PageRange,
) => pageOfStoredWords(first, pairRange(filter, first, second), sort, range);

/** Pair first, the bounded count. */
export const pairCountQuery = (filter: DirectoryFilter, first: string, second: string, countLimit: number) =>
  countOfStoredWords(first, pairRange(filter, first, second), countLimit);
