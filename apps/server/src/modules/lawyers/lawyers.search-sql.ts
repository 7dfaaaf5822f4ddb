import type { LawyerSort } from '@l4l/shared/constants/sort';
import { type SQL, sql } from 'drizzle-orm';
import { type DirectoryFilter, ORDER_BY, type PageRange } from './lawyers.repository.ts';

/*
 * The pieces of SQL the directory's ways of reading the search projection share (lawyers.search.ts, and the
 * name pairs of lawyers.search-pairs.ts): ranges, sort keys and the conditions tested on each entry.
 */

/** Past every character: `word >= 'gar' and word < 'gar' || END` is the prefix's range in "C" order. */
export const END = sql`chr(1114111)`;

/** The id and what the sort reads: all a page's ranges select, so every read stays inside its sort's index. */
export const SORT_COLUMNS: Record<LawyerSort, SQL> = {
  rating: sql.raw('user_id, rating_avg, rating_count'),
  price_asc: sql.raw('user_id, price_hour_cents'),
  price_desc: sql.raw('user_id, price_hour_cents'),
  finished: sql.raw('user_id, finished_cases'),
  active: sql.raw('user_id, active_cases'),
};
const KEYS = {
  userId: sql.raw('user_id'),
  ratingAvg: sql.raw('rating_avg'),
  ratingCount: sql.raw('rating_count'),
  priceHourCents: sql.raw('price_hour_cents'),
  finishedCases: sql.raw('finished_cases'),
  activeCases: sql.raw('active_cases'),
};
export const orderOf = (sort: LawyerSort) => sql.join(ORDER_BY[sort](KEYS), sql`, `);

/** A word of the name matches as a prefix of one of the stored words (ADR 0023), read off the name itself. */
const wordIn = (word: string) => sql`(' ' || search_text) like ${`% ${word}%`}`;

/** The conditions an index entry is tested on beyond its range (the columns are INCLUDEd). */
export function residual(filter: DirectoryFilter, words: string[]): SQL[] {
  const conditions = words.map(wordIn);
  if (filter.minPriceCents !== undefined) conditions.push(sql`price_hour_cents >= ${filter.minPriceCents}`);
  if (filter.maxPriceCents !== undefined) conditions.push(sql`price_hour_cents <= ${filter.maxPriceCents}`);
  if (filter.firstVisitFree) conditions.push(sql`first_visit_free`);
  return conditions;
}

export const and = (conditions: SQL[]) => (conditions.length ? sql.join(conditions, sql` and `) : sql`true`);

/** The stored words `word` is a prefix of, each a range of the words' sort indexes. */
export const storedWords = (word: string) => sql`select substr(key, 3) as word from lawyer_search_counts
  where key >= ${`w:${word}`} and key < ${`w:${word}`} || ${END} and lawyers > 0`;

/** The conditions a word-first (or pair-first) entry is tested on: the other words, the facets, the filters. */
export function wordResidual(filter: DirectoryFilter, ...read: string[]) {
  const conditions = residual(
    filter,
    filter.terms.filter((term) => !read.includes(term)),
  );
  if (filter.categories.length) conditions.push(sql`categories && ${sql.param(filter.categories)}::text[]`);
  if (filter.provinces.length) conditions.push(sql`province = any(${sql.param(filter.provinces)}::text[])`);
  return conditions;
}

/**
 * The rows of one range for the stored word `v.word`, `columns` selected (a lawyer at most once): the word's
 * rows, or a pair's (lawyers.search-pairs.ts).
 */
export type RangeOfStoredWord = (columns: SQL) => SQL;

/** Each stored word `word` prefixes read as its range, its first offset + limit lawyers in sort order, merged. */
export function pageOfStoredWords(
  word: string,
  rangeOf: RangeOfStoredWord,
  sort: LawyerSort,
  range: PageRange,
) {
  const order = orderOf(sort);
  return sql`select distinct ${SORT_COLUMNS[sort]} from (${storedWords(word)}) as v
    cross join lateral (${rangeOf(SORT_COLUMNS[sort])}
      order by ${order} limit ${range.offset + range.limit}) as r
    order by ${order} limit ${range.limit} offset ${range.offset}`;
}

/** The bounded count of the same ranges: each stopped past the limit, a lawyer once. */
export const countOfStoredWords = (word: string, rangeOf: RangeOfStoredWord, countLimit: number) =>
  sql`select count(*)::int as total from (select distinct r.user_id from (${storedWords(word)}) as v
    cross join lateral (${rangeOf(sql.raw('user_id'))} limit ${countLimit + 1}) as r) as m`;
