import { LIMITS } from '@l4l/shared/constants/limits';
import type { LawyerSort } from '@l4l/shared/constants/sort';
import { sql } from 'drizzle-orm';
import type { Db, StatementSource } from '../../db/database.ts';
import { lawyerProfiles, users } from '../../db/schema/index.ts';
import { createSyncedIndex, type IndexSource } from '../../db/synced-index.ts';
import type { IndexTuning } from '../../lib/ordered-index.ts';
import { DirectoryIndex, type IndexedLawyer, type ListedLawyer } from './directory-index.ts';
import { listItemJson } from './lawyer-cards.ts';
import {
  cardSelection,
  type DirectoryFilter,
  type DirectorySearch,
  type PageRange,
  type RenderedDirectoryPage,
} from './lawyers.repository.ts';

/** A listed lawyer's card and the words of the name: verified and not banned, as the reference query says. */
const listed = sql`select ${cardSelection}, ${lawyerProfiles.searchText} as "searchText" from ${lawyerProfiles}
  join ${users} on ${users.id} = ${lawyerProfiles.userId}
  where ${lawyerProfiles.verifiedAt} is not null and ${users.bannedAt} is null`;

/** The listed lawyers and the log of their changes (migrations 0034, 0036, 0038); a benchmark loads from it too. */
export const lawyersSource: IndexSource<IndexedLawyer, ListedLawyer, DirectoryIndex> = {
  name: 'l4l_directory',
  version: 'lawyer_search_version',
  changes: 'lawyer_search_changes',
  page: (after, limit) => sql`${listed} and ${lawyerProfiles.userId} > ${after}::uuid
    order by ${lawyerProfiles.userId} limit ${limit}`,
  among: (ids) => sql`${listed} and ${lawyerProfiles.userId} = any(${ids}::uuid[])`,
  idOf: (lawyer) => lawyer.userId,
  entry: (row, index) => index.entryOf(row),
};

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
 * cards included, rendered once per change of a lawyer, as fresh as the database: before a request is answered, the log's version is read by a
 * statement that started after the request arrived (one read shared by the requests that wait for it), and
 * the index catches up to it first when behind (lawyer_search_changes: the lawyers changed since). So a
 * change committed before a request arrives is in its answer, on every process. Until the index has loaded,
 * `fallback` (the SQL search) answers.
 */
export function createIndexedSearch(
  db: Db,
  { fallback, countLimit = LIMITS.searchCountLimit, tuning, ...syncing }: IndexedSearchOptions,
) {
  const synced = createSyncedIndex(
    db,
    lawyersSource,
    () => new DirectoryIndex(listItemJson, tuning),
    syncing,
  );

  const search = {
    async directory(filter: DirectoryFilter, sort: LawyerSort, range: PageRange) {
      const answered = await synced.answer((index): RenderedDirectoryPage => {
        const { entries, total } = index.directory(filter, sort, range, countLimit);
        const exact = total <= countLimit;
        const items = entries.map((entry) => index.itemOf(entry));
        return { items, total: exact ? total : countLimit, exact };
      });
      return answered ?? fallback.directory(filter, sort, range);
    },

    /** Starts loading the index (the server's start), or catches it up; resolves once it is current. */
    warm: () => synced.warm(),

    /** Stops loading; waits for what is under way. */
    close: () => synced.close(),
  };
  return search satisfies DirectorySearch;
}
