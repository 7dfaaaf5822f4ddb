import { LIMITS } from '@l4l/shared/constants/limits';
import type { LawyerSort } from '@l4l/shared/constants/sort';
import { type SQL, sql } from 'drizzle-orm';
import type { Db, StatementSource } from '../../db/database.ts';
import { preparedByShape } from '../../db/prepared.ts';
import { cheaperRange, largestWordKeeps } from '../../db/range-plan.ts';
import { lawyerProfiles, users } from '../../db/schema/index.ts';
import { MicroCache } from '../../lib/micro-cache.ts';
import {
  cardSelection,
  type DirectoryCard,
  type DirectoryFilter,
  type DirectoryPage,
  type DirectorySearch,
  type PageRange,
} from './lawyers.repository.ts';
import { PAIRS_FROM, pairCountQuery, pairOf, pairPageIds } from './lawyers.search-pairs.ts';
import {
  and,
  countOfStoredWords,
  END,
  orderOf,
  pageOfStoredWords,
  type RangeOfStoredWord,
  residual,
  SORT_COLUMNS,
  wordResidual,
} from './lawyers.search-sql.ts';

/** The facet value of a projection row that stands for every category, or every province. */
const ANY = '';

/** How a request is read: its facets' ranges in sort order, or the words one typed word prefixes. */
type Plan =
  | { by: 'facets' }
  | { by: 'word'; word: string; largestFirst: boolean }
  | { by: 'pair'; first: string; second: string };

type Bounded = { total: number; exact: boolean };

/** The range sizes a request with typed words reads (sizesQuery). */
type Sizes = { facets: number; everyone: number; words: number[][] };
/** A range size steers the plan this long before it is read again (ADR 0038). */
const SIZES_TRUST_MS = 30_000;
/** facet sets, and typed words, whose sizes are remembered at once, each */
const SIZES_ENTRIES = 10_000;
/** The key of the whole directory's size among the facet sets' (no set of facets is empty). */
const EVERYONE = '*';

/** The facets' ranges a request reads: each category asked for (or any) × each province (or any). */
function facetRanges(filter: DirectoryFilter) {
  const categories = filter.categories.length ? [...new Set(filter.categories)] : [ANY];
  const provinces = filter.provinces.length ? [...new Set(filter.provinces)] : [ANY];
  return categories.flatMap((category) => provinces.map((province) => ({ category, province })));
}

/** The ordered ids of a page joined to their cards, in the page's order. */
const withCards = (ids: SQL, sort: LawyerSort) => sql`select ${cardSelection}, p.position from (
    select user_id, row_number() over (order by ${orderOf(sort)}) as position from (${ids}) as ids
  ) as p
  join ${lawyerProfiles} on ${lawyerProfiles.userId} = p.user_id
  join ${users} on ${users.id} = p.user_id
  order by p.position`;

/** A row of the page with the count beside it: no card (id null) when the page is empty. */
type Counted = DirectoryCard & { position: unknown; total: number | string };
const cardOf = ({ position: _position, total: _total, ...card }: Counted): DirectoryCard => card;

/**
 * The page's cards and the bounded count in one statement, so a request is one round trip and holds one
 * pooled connection: the count's one row joined to the page's, kept alone when the page is empty.
 */
const pageWithCount = (page: SQL, count: SQL) =>
  sql`select c.total, p.* from (${count}) as c left join lateral (${page}) as p on true order by p.position`;

export type ProjectedSearchOptions = {
  countLimit?: number;
  /** a word range past this many lawyers is read as name pairs when two typed words make one */
  pairsFrom?: number;
  /** how long a range size read from lawyer_search_counts steers the plan before it is read again */
  sizesTrustMs?: number;
  /** PostgreSQL's pool or the embedded database: the statements then run as named prepared statements, one per shape */
  statements?: StatementSource;
};

/**
 * The directory read from the search projection (lawyers.projection.ts), behind the DirectorySearch seam:
 * the same pages, order and counts as the plain query (lawyers.equivalence.test.ts). How a request is read:
 * docs/decisions/0031-directory-search-projection.md; its counts settled by their sizes, its statements
 * prepared by shape and a request in one round trip: docs/decisions/0038-directory-reads-in-one-round-trip.md.
 */
export function createProjectedSearch(
  db: Db,
  {
    countLimit = LIMITS.searchCountLimit,
    statements,
    sizesTrustMs = SIZES_TRUST_MS,
    pairsFrom = PAIRS_FROM,
  }: ProjectedSearchOptions = {},
) {
  // a request's statements take a few hundred shapes at most: each prepared and planned once per connection
  const rowsOf = preparedByShape(db, statements, 'l4l_directory');

  /**
   * The range sizes from lawyer_search_counts: the facets' ranges, the whole directory's, and for each
   * typed word the lawyers and the stored words it is a prefix of, and the largest of those words' size.
   */
  function sizesQuery(filter: DirectoryFilter) {
    const facetKeys = facetRanges(filter).map(({ category, province }) => `f:${category}|${province}`);
    const words = filter.terms.map(
      (term) => sql`(select array[coalesce(sum(lawyers), 0), count(*), coalesce(max(lawyers), 0)]::int[]
        from lawyer_search_counts
        where key >= ${`w:${term}`} and key < ${`w:${term}`} || ${END} and lawyers > 0)`,
    );
    return sql`select (select coalesce(sum(lawyers), 0)::int from lawyer_search_counts
        where key = any(${sql.param(facetKeys)}::text[])) as facets,
      (select coalesce(sum(lawyers), 0)::int from lawyer_search_counts where key = 'f:|') as everyone,
      ${words.length ? sql`array[${sql.join(words, sql`, `)}]` : sql`'{}'::int[]`} as words`;
  }

  // The sizes only choose which range is read first, never what is answered (a stale one costs time at
  // worst), and they move slowly: each facet set's, the directory's and each typed word's are remembered
  // for a while, and a request whose sizes are all remembered reads none (one round trip fewer).
  const refreshAhead = { refreshAheadMs: sizesTrustMs / 2 };
  const facetSizes = new MicroCache<number>(sizesTrustMs, SIZES_ENTRIES, refreshAhead);
  const wordSizes = new MicroCache<number[]>(sizesTrustMs, SIZES_ENTRIES, refreshAhead);

  /** The range sizes of a request with typed words, read once for all of them when any is not remembered. */
  async function sizesOf(filter: DirectoryFilter) {
    let read: Promise<Sizes> | undefined;
    const readAll = () => {
      read ??= rowsOf<Sizes>(sizesQuery(filter)).then(
        ([row]) => row ?? { facets: 0, everyone: 0, words: [] },
      );
      return read;
    };
    const facetKeys = facetRanges(filter).map(({ category, province }) => `${category}|${province}`);
    const [facets, everyone, ...words] = await Promise.all([
      facetSizes.get(facetKeys.join('\n'), async () => (await readAll()).facets),
      facetSizes.get(EVERYONE, async () => (await readAll()).everyone),
      ...filter.terms.map((term, i) =>
        wordSizes.get(term, async () => (await readAll()).words[i] ?? [0, 0, 0]),
      ),
    ]);
    return { facets: facets as number, everyone: everyone as number, words: words as number[][] };
  }

  /** The cheaper of the two ways, from the counts (db/range-plan.ts): the facets' ranges or a typed word's. */
  async function plan(filter: DirectoryFilter): Promise<Plan> {
    if (filter.terms.length === 0) return { by: 'facets' };
    const { facets, everyone, words } = await sizesOf(filter);
    const sizes = { facets, facetRanges: facetRanges(filter).length, everyone, words };
    const first = cheaperRange(sizes, countLimit);
    if (first < 0) return { by: 'facets' };
    const pair = (words[first]?.[0] ?? 0) > pairsFrom ? pairOf(filter.terms, words) : undefined;
    if (pair) return { by: 'pair', ...pair };
    // the count reads the largest stored word first when several are read and it likely settles the count
    const largestFirst = (words[first]?.[1] ?? 0) > 1 && largestWordKeeps(sizes, first) > countLimit;
    return { by: 'word', word: filter.terms[first] as string, largestFirst };
  }

  /** Ids and sort keys of the page, read in order off each facet range's sort index. */
  function facetPageIds(filter: DirectoryFilter, sort: LawyerSort, range: PageRange) {
    const ranges = facetRanges(filter);
    const where = (category: string, province: string) =>
      and([sql`category = ${category}`, sql`province = ${province}`, ...residual(filter, filter.terms)]);
    const order = orderOf(sort);
    if (ranges.length === 1) {
      const [only] = ranges as [{ category: string; province: string }];
      return sql`select ${SORT_COLUMNS[sort]} from lawyer_search where ${where(only.category, only.province)}
        order by ${order} limit ${range.limit} offset ${range.offset}`;
    }
    // each range's first offset + limit entries hold the page: a lawyer is at most once in a range
    const parts = ranges.map(
      ({ category, province }) => sql`(select ${SORT_COLUMNS[sort]} from lawyer_search
        where ${where(category, province)} order by ${order} limit ${range.offset + range.limit})`,
    );
    return sql`select distinct ${SORT_COLUMNS[sort]} from (${sql.join(parts, sql` union all `)}) as r
      order by ${order} limit ${range.limit} offset ${range.offset}`;
  }

  /**
   * A bounded count answered from the sizes of its ranges (the lawyer_search_counts rows `ranges` selects)
   * when they settle it, for ranges read with no other condition: one range is its size, and a range past
   * the limit puts their union past it. Otherwise `read` counts (an InitPlan, run only when needed).
   */
  const sizedCount = (ranges: SQL, read: SQL) => sql`select (case when max(lawyers) > ${countLimit}
      then ${countLimit + 1} when count(*) <= 1 then coalesce(max(lawyers), 0) else (${read}) end)::int as total
    from lawyer_search_counts where ${ranges} and lawyers > 0`;

  /**
   * The facets' bounded count: each range stopped at the limit, a lawyer in two categories once. With no
   * condition beyond the ranges, their sizes in lawyer_search_counts answer first: one range is its size,
   * and any range past the limit makes the union past it; only several small ranges are read.
   */
  function facetCountQuery(filter: DirectoryFilter) {
    const ranges = facetRanges(filter);
    const conditions = residual(filter, filter.terms);
    const parts = ranges.map(
      ({ category, province }) => sql`(select user_id from lawyer_search
        where ${and([sql`category = ${category}`, sql`province = ${province}`, ...conditions])}
        limit ${countLimit + 1})`,
    );
    const read = sql`select count(*)::int as total from (${sql.join(parts, sql` union `)}) as m`;
    if (conditions.length) return read;
    const keys = ranges.map(({ category, province }) => `f:${category}|${province}`);
    return sizedCount(sql`key = any(${sql.param(keys)}::text[])`, read);
  }

  /** A stored word's entries (in its sort index) that the request's other conditions keep. */
  const wordRange =
    (filter: DirectoryFilter, word: string): RangeOfStoredWord =>
    (columns) =>
      sql`select ${columns} from lawyer_search_words w
        where ${and([sql`w.word = v.word`, ...wordResidual(filter, word)])}`;

  /** Word first: each stored word's first offset + limit entries in sort order, merged. */
  const wordPageIds = (filter: DirectoryFilter, word: string, sort: LawyerSort, range: PageRange) =>
    pageOfStoredWords(word, wordRange(filter, word), sort, range);

  /**
   * Word first, the bounded count: each stored word's range stopped at the limit, a lawyer once; from the
   * words' sizes alone when nothing else is asked (sizedCount). With `largestFirst` (several stored words,
   * the largest likely to reach the limit alone) the largest is counted first: past the limit, the others
   * are not read; otherwise they all are, as without it (a lawyer once means every range read to its end).
   */
  function wordCountQuery(filter: DirectoryFilter, word: string, largestFirst: boolean) {
    const conditions = wordResidual(filter, word);
    const read = countOfStoredWords(word, wordRange(filter, word), countLimit);
    const prefix = sql`key >= ${`w:${word}`} and key < ${`w:${word}`} || ${END}`;
    if (!conditions.length) return sizedCount(prefix, read);
    if (!largestFirst) return read;
    const largest = sql`(select substr(key, 3) from lawyer_search_counts where ${prefix} and lawyers > 0
      order by lawyers desc, key limit 1)`;
    return sql`select (case when (select count(*) from (select from lawyer_search_words w
        where ${and([sql`w.word = ${largest}`, ...conditions])} limit ${countLimit + 1}) as l) > ${countLimit}
      then ${countLimit + 1} else (${read}) end)::int as total`;
  }

  /**
   * One typed word in categories, or in a province, and nothing else asked: the word's lawyers in each
   * facet (lawyer_search_counts_in_facets, for each facet a range of the stored words the typed word
   * prefixes) settle the count when one is past the limit, and give it exactly for one stored word in
   * facets no lawyer is in twice (one category, or provinces); otherwise `read` counts.
   */
  function pairSizedCount(filter: DirectoryFilter, read: SQL): SQL {
    const [word, ...others] = filter.terms;
    const byCategory = filter.categories.length > 0 && filter.provinces.length === 0;
    const byProvince = filter.provinces.length > 0 && filter.categories.length === 0;
    if (!word || others.length || residual(filter, []).length || !(byCategory || byProvince)) return read;
    const [tag, facets] = byCategory ? ['c:', filter.categories] : ['p:', filter.provinces];
    const ranges = [...new Set(facets)].map((facet) => {
      const from = `${tag}${facet}|${word}`;
      return sql`(key >= ${from} and key < ${from} || ${END})`;
    });
    const exact = byProvince || new Set(filter.categories).size === 1;
    return sql`select (case when max(lawyers) > ${countLimit} then ${countLimit + 1}
      ${exact ? sql`when count(distinct split_part(key, '|', 2)) <= 1 then coalesce(sum(lawyers), 0)` : sql``}
      else (${read}) end)::int as total
      from lawyer_search_counts_in_facets where (${sql.join(ranges, sql` or `)}) and lawyers > 0`;
  }

  /** The page's ids and the count's statement of a plan. */
  function statementsOf(chosen: Plan, filter: DirectoryFilter, sort: LawyerSort, range: PageRange) {
    if (chosen.by === 'pair') {
      return {
        page: withCards(pairPageIds(filter, chosen.first, chosen.second, sort, range), sort),
        count: pairCountQuery(filter, chosen.first, chosen.second, countLimit),
      };
    }
    return chosen.by === 'word'
      ? {
          page: withCards(wordPageIds(filter, chosen.word, sort, range), sort),
          count: pairSizedCount(filter, wordCountQuery(filter, chosen.word, chosen.largestFirst)),
        }
      : {
          page: withCards(facetPageIds(filter, sort, range), sort),
          count: pairSizedCount(filter, facetCountQuery(filter)),
        };
  }

  const bounded = (total: number): Bounded =>
    total > countLimit ? { total: countLimit, exact: false } : { total, exact: true };

  const search: DirectorySearch & {
    directoryQueries(filter: DirectoryFilter, sort: LawyerSort, range: PageRange): Promise<SQL[]>;
  } = {
    async directory(filter: DirectoryFilter, sort: LawyerSort, range: PageRange): Promise<DirectoryPage> {
      const { page, count } = statementsOf(await plan(filter), filter, sort, range);
      const rows = await rowsOf<Counted>(pageWithCount(page, count));
      const cards = rows.filter((row) => row.id !== null).map(cardOf);
      return { rows: cards, ...bounded(Number(rows[0]?.total ?? 0)) };
    },

    /** The statements `directory` runs for this request, not yet run (the benchmark EXPLAINs them). */
    async directoryQueries(filter: DirectoryFilter, sort: LawyerSort, range: PageRange) {
      const sizes = filter.terms.length ? [sizesQuery(filter)] : [];
      const { page, count } = statementsOf(await plan(filter), filter, sort, range);
      return [...sizes, pageWithCount(page, count)];
    },
  };
  return search;
}
