import { LIMITS } from '@l4l/shared/constants/limits';
import type { LawyerSort } from '@l4l/shared/constants/sort';
import { sql } from 'drizzle-orm';
import type { Db, StatementSource } from '../../db/database.ts';
import { fixedStatement } from '../../db/prepared.ts';
import { lawyerProfiles, users } from '../../db/schema/index.ts';
import { createSyncedIndex, type IndexSource } from '../../db/synced-index.ts';
import type { IndexPage, IndexTuning } from '../../lib/ordered-index.ts';
import { DirectoryIndex, type IndexedLawyer } from './directory-index.ts';
import {
  cardSelection,
  type DirectoryCard,
  type DirectoryFilter,
  type DirectoryPage,
  type DirectorySearch,
  type PageRange,
} from './lawyers.repository.ts';

const indexedColumns = sql`p.user_id as "userId", p.categories, p.province,
  p.price_hour_cents as "priceHourCents", p.first_visit_free as "firstVisitFree", p.rating_avg as "ratingAvg",
  p.rating_count as "ratingCount", p.finished_cases as "finishedCases", p.active_cases as "activeCases",
  p.search_text as "searchText"`;
/** Listed: verified and not banned, as the directory's reference query says. */
const listed = sql`lawyer_profiles p join users u on u.id = p.user_id
  where p.verified_at is not null and u.banned_at is null`;

/** The listed lawyers, and the changes of the projection's log (migration 0034). */
const lawyersSource: IndexSource<IndexedLawyer> = {
  name: 'l4l_directory',
  version: 'lawyer_search_version',
  changes: 'lawyer_search_changes',
  page: (after, limit) => sql`select ${indexedColumns} from ${listed} and p.user_id > ${after}::uuid
    order by p.user_id limit ${limit}`,
  among: (ids) => sql`select ${indexedColumns} from ${listed} and p.user_id = any(${ids}::uuid[])`,
  idOf: (lawyer) => lawyer.userId,
};
/** The page's cards and, in the same snapshot, the version they belong to (one row with no card when none). */
const cardsAt = fixedStatement<DirectoryCard & { version: string }, 'ids'>(
  'l4l_directory_cards',
  (value) => sql`select v.version::text as version, c.* from lawyer_search_version v
    left join lateral (select ${cardSelection} from ${lawyerProfiles}
      join ${users} on ${users.id} = ${lawyerProfiles.userId}
      where ${lawyerProfiles.userId} = any(${value('ids')}::uuid[])) as c on true
    where v.id = 1`,
);

export type IndexedSearchOptions = {
  /** what answers while the index loads, or when it cannot catch up */
  fallback: DirectorySearch;
  countLimit?: number;
  /** PostgreSQL's pool or the embedded database, for named prepared statements */
  statements?: StatementSource;
  /** a load or a catch-up that failed (the fallback answers meanwhile) */
  onError?: (error: unknown) => void;
  /** how the index chooses its ways (the tests force each one) */
  tuning?: IndexTuning;
};

/**
 * The directory answered from memory (directory-index.ts; docs/decisions/0042-directory-index-in-memory.md),
 * as fresh as the database: each request reads its page's cards in one statement that also reads the
 * projection's version (lawyer_search_version, migration 0034). The same version as the index's: the page
 * stands. A newer one: the index reads the lawyers changed since (lawyer_search_changes), applies them and
 * the request runs again. So a change committed before a request arrives is in its answer, on every process.
 * Until the index has loaded, `fallback` (the SQL search) answers.
 */
export function createIndexedSearch(
  db: Db,
  { fallback, countLimit = LIMITS.searchCountLimit, statements, onError, tuning }: IndexedSearchOptions,
) {
  const synced = createSyncedIndex(db, lawyersSource, () => new DirectoryIndex(tuning), { onError });

  /** The found page's cards in its order; undefined if one is missing (the index was not what was read). */
  function pageOf(found: IndexPage, rows: DirectoryCard[]): DirectoryPage | undefined {
    const byId = new Map<string, DirectoryCard>();
    for (const row of rows) if (row.id !== null) byId.set(row.id, withoutVersion(row));
    const cards = found.ids.map((id) => byId.get(id));
    if (!cards.every((card) => card !== undefined)) return undefined;
    const exact = found.total <= countLimit;
    return { rows: cards, total: exact ? found.total : countLimit, exact };
  }

  const search = {
    async directory(filter: DirectoryFilter, sort: LawyerSort, range: PageRange): Promise<DirectoryPage> {
      const answered = await synced.answer(
        (index) => index.directory(filter, sort, range, countLimit),
        (ids) => cardsAt(db, statements, { ids }),
        pageOf,
      );
      return answered ?? fallback.directory(filter, sort, range);
    },

    /** Starts loading the index (the server's start); resolves once it has, for a caller that waits. */
    warm: () => synced.warm(),

    /** Stops loading; waits for what is under way. */
    close: () => synced.close(),
  };
  return search satisfies DirectorySearch;
}

const withoutVersion = ({ version: _version, ...card }: DirectoryCard & { version?: string }) => card;
