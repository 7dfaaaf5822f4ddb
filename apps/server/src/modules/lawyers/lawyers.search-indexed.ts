import { LIMITS } from '@l4l/shared/constants/limits';
import type { LawyerSort } from '@l4l/shared/constants/sort';
import { sql } from 'drizzle-orm';
import type { Db, StatementSource } from '../../db/database.ts';
import { fixedStatement } from '../../db/prepared.ts';
import { lawyerProfiles, users } from '../../db/schema/index.ts';
import { DirectoryIndex, type IndexedLawyer, type IndexPage } from './directory-index.ts';
import {
  cardSelection,
  type DirectoryCard,
  type DirectoryFilter,
  type DirectoryPage,
  type DirectorySearch,
  type PageRange,
} from './lawyers.repository.ts';

/** Lawyers read a statement at a time while the index loads. */
const LOAD_PAGE = 20_000;
/** Past this many lawyers changed since the index's version, it loads everything again. */
const MOST_CHANGES = 5_000;
/** A load that failed is tried again after this long (the SQL search answers meanwhile). */
const RETRY_LOAD_MS = 10_000;
/** Ids sort after this one: the first page of the load. */
const BEFORE_EVERY_ID = '00000000-0000-0000-0000-000000000000';

const indexedColumns = sql`p.user_id as "userId", p.categories, p.province,
  p.price_hour_cents as "priceHourCents", p.first_visit_free as "firstVisitFree", p.rating_avg as "ratingAvg",
  p.rating_count as "ratingCount", p.finished_cases as "finishedCases", p.active_cases as "activeCases",
  p.search_text as "searchText"`;
/** Listed: verified and not banned, as the directory's reference query says. */
const listed = sql`lawyer_profiles p join users u on u.id = p.user_id
  where p.verified_at is not null and u.banned_at is null`;

const versionNow = fixedStatement<{ version: string }, never>(
  'l4l_directory_version',
  () => sql`select version::text as version from lawyer_search_version where id = 1`,
);
const listedPage = fixedStatement<IndexedLawyer, 'after' | 'limit'>(
  'l4l_directory_index_page',
  (value) => sql`select ${indexedColumns} from ${listed} and p.user_id > ${value('after')}::uuid
    order by p.user_id limit ${value('limit')}`,
);
const listedAmong = fixedStatement<IndexedLawyer, 'ids'>(
  'l4l_directory_index_rows',
  (value) => sql`select ${indexedColumns} from ${listed} and p.user_id = any(${value('ids')}::uuid[])`,
);
/** The version now, the first change after `known`, whether any is too large to list, the lawyers changed. */
type Changes = { version: string; first: string | null; whole: boolean | null; ids: string[] };
const changesSince = fixedStatement<Changes, 'known'>(
  'l4l_directory_changes',
  (value) => sql`select v.version::text as version,
      (select min(c.version)::text from lawyer_search_changes c where c.version > ${value('known')}::bigint) as first,
      (select bool_or(c.user_ids is null) from lawyer_search_changes c
        where c.version > ${value('known')}::bigint) as whole,
      array(select distinct unnest(c.user_ids)::text from lawyer_search_changes c
        where c.version > ${value('known')}::bigint) as ids
    from lawyer_search_version v where v.id = 1`,
);
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
  { fallback, countLimit = LIMITS.searchCountLimit, statements, onError }: IndexedSearchOptions,
) {
  let index: DirectoryIndex | undefined;
  let loading: Promise<void> | undefined;
  let catchingUp: Promise<void> | undefined;
  let failedAt = Number.NEGATIVE_INFINITY;
  let closed = false;

  /** Every listed lawyer, a page at a time. Changes made meanwhile are caught up by the first request. */
  async function load() {
    const next = new DirectoryIndex();
    // read before the lawyers: whatever changed after it is in the log past it
    const [now] = await versionNow(db, statements, {});
    let after = BEFORE_EVERY_ID;
    for (;;) {
      const rows = await listedPage(db, statements, { after, limit: LOAD_PAGE });
      for (const row of rows) next.add(row);
      if (rows.length < LOAD_PAGE || closed) break;
      after = rows.at(-1)!.userId;
    }
    next.seal();
    next.version = Number(now?.version ?? 0);
    if (!closed) index = next;
  }

  function startLoad(): Promise<void> {
    if (closed || Date.now() - failedAt < RETRY_LOAD_MS) return Promise.resolve();
    loading ??= load()
      .catch((error: unknown) => {
        failedAt = Date.now();
        onError?.(error);
      })
      .finally(() => {
        loading = undefined;
      });
    return loading;
  }

  /** The lawyers changed since the index's version applied to it, or everything loaded again. */
  async function catchUp() {
    const current = index;
    if (!current) return;
    const [changes] = await changesSince(db, statements, { known: current.version });
    if (!changes || Number(changes.version) <= current.version) return;
    const gap = Number(changes.first) !== current.version + 1;
    if (changes.whole || gap || changes.ids.length > MOST_CHANGES) {
      if (index === current) index = undefined;
      void startLoad();
      return;
    }
    const rows = changes.ids.length ? await listedAmong(db, statements, { ids: changes.ids }) : [];
    if (index === current && Number(changes.version) > current.version) {
      current.apply(changes.ids, rows, Number(changes.version));
    }
  }

  function caughtUp(): Promise<void> {
    catchingUp ??= catchUp()
      .catch((error: unknown) => {
        index = undefined;
        onError?.(error);
      })
      .finally(() => {
        catchingUp = undefined;
      });
    return catchingUp;
  }

  /** The found page's cards in its order; undefined if one is missing (the index was not what was read). */
  function cardsInOrder(found: IndexPage, rows: Array<DirectoryCard & { version: string }>) {
    const byId = new Map<string, DirectoryCard>();
    for (const { version: _version, ...card } of rows) if (card.id !== null) byId.set(card.id, card);
    const cards = found.ids.map((id) => byId.get(id));
    return cards.every((card) => card !== undefined) ? cards : undefined;
  }

  const search = {
    async directory(filter: DirectoryFilter, sort: LawyerSort, range: PageRange): Promise<DirectoryPage> {
      for (let attempt = 0; attempt < 3 && index; attempt++) {
        const current = index;
        const seen = current.version;
        const found = current.search(filter, sort, range, countLimit);
        const rows = await cardsAt(db, statements, { ids: found.ids });
        const version = Number(rows[0]?.version);
        const cards = version === seen ? cardsInOrder(found, rows) : undefined;
        if (cards) {
          const exact = found.total <= countLimit;
          return { rows: cards, total: exact ? found.total : countLimit, exact };
        }
        if (version > seen) await caughtUp();
      }
      if (!index) void startLoad();
      return fallback.directory(filter, sort, range);
    },

    /** Starts loading the index (the server's start), for a caller that wants to wait for it. */
    warm: () => (index ? Promise.resolve() : startLoad()),

    /** Stops loading; waits for what is under way. */
    async close() {
      closed = true;
      await Promise.allSettled([loading, catchingUp]);
    },
  };
  return search satisfies DirectorySearch;
}
