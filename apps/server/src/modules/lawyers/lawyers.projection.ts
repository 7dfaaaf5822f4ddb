import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';

/**
 * The directory's search projection (docs/decisions/0031-directory-search-projection.md). Three tables,
 * created by migration 0027 and kept by its statement triggers on lawyer_profiles and users, in the
 * transaction of the change that moves them (`lawyer_search_refresh(ids)` rebuilds a set of lawyers'
 * rows, set-based); the application never writes them:
 *
 * - `lawyer_search`: a row per listed lawyer (verified, not banned) × (each category, and '' for any) ×
 *   (the province, and '' for any), with the sort keys and the filters. One index per sort, the facets
 *   first and the sort next, the filters' columns and the name INCLUDEd: a page is one ordered index-only
 *   range read, a bounded count the same range stopped at the limit.
 * - `lawyer_search_words`: a row per listed lawyer and word of the name (accent-free, lower-case, "C"
 *   collation), one index per sort led by the word, the filters' columns and the name INCLUDEd: a word's
 *   lawyers in sort order, so a rare name is read word-first, each word a prefix matches one range.
 * - `lawyer_search_counts`: how many rows each word and each facet has ('w:' + word, 'f:' + category +
 *   '|' + province), kept by +/- as rows come and go, so a search picks the smaller range first.
 * - `lawyer_search_counts_in_facets` (migration 0032): how many lawyers each word has in each category
 *   ('c:' + category + '|' + word) and province ('p:' + province + '|' + word), kept the same way, so a
 *   word's count in a facet past the limit is known without reading the word's range.
 * - `lawyer_search_pairs` (migration 0033): a row per listed lawyer and ordered pair of two different
 *   words of the name ('sara torres', 'torres sara'), so two typed words are one prefix range of the pairs
 *   (docs/decisions/0040-name-pairs.md).
 */

/** Executor of a statement: the database or an open transaction. */
type Executor = Pick<Db, 'execute'>;

/** The projection's tables, all kept by its triggers. */
export const LAWYER_SEARCH_TABLES = [
  'lawyer_search',
  'lawyer_search_words',
  'lawyer_search_pairs',
  'lawyer_search_counts',
  'lawyer_search_counts_in_facets',
] as const;

/** The whole projection rebuilt from the profiles, for a database filled before its triggers existed. */
export async function rebuildLawyerSearch(db: Executor): Promise<void> {
  await db.execute(sql.raw(`truncate ${LAWYER_SEARCH_TABLES.join(', ')}`));
  await db.execute(
    sql`select lawyer_search_refresh(array(select user_id from lawyer_profiles where verified_at is not null))`,
  );
}
