import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { OrderedIndex } from '../lib/ordered-index.ts';
import type { Db, StatementSource } from './database.ts';
import { fixedStatement, rowsOf } from './prepared.ts';

/** Entries read a statement at a time while an index loads. */
const LOAD_PAGE = 20_000;
/** Past this many entries changed since the index's version, it loads everything again. */
const MOST_CHANGES = 5_000;
/** A load that failed is tried again after this long (the SQL search answers meanwhile). */
const RETRY_LOAD_MS = 10_000;
/** Ids sort after this one: the first page of a load. */
const BEFORE_EVERY_ID = '00000000-0000-0000-0000-000000000000';

/**
 * Where an index in memory reads its entries and follows their changes: a one-row version table and a log
 * of the ids each version changed (user_ids or case_ids null: too many to list), kept by the projection's
 * triggers in the writer's transaction (migration 0034).
 */
export type IndexSource<Entry, Row = Entry, Index = unknown> = {
  /** the prefix of the version read's named statement */
  name: string;
  version: 'lawyer_search_version' | 'board_search_version';
  changes: 'lawyer_search_changes' | 'board_search_changes';
  /** the entries after the id `after` in id order, at most `limit` of them */
  page: (after: string, limit: number) => SQL;
  /** the entries among `ids` (a uuid[] parameter) that belong in the index now */
  among: (ids: SQLWrapper) => SQL;
  idOf: (entry: Entry) => string;
  /** the index's entry for a row the statements read, made by the index it goes in (the row itself when absent) */
  entry?: (row: Row, index: Index) => Entry;
};

type Changes = { version: string; first: string | null; whole: boolean | null; ids: string[] };

/**
 * An index in memory as fresh as the database (docs/decisions/0042-directory-index-in-memory.md): loaded
 * in the background, caught up from the log whenever a request's statement reads a newer version than the
 * index's. `answer` runs a request on it; undefined means the caller's SQL search answers instead (the index
 * is loading, or could not catch up).
 */
export function createSyncedIndex<Entry, Index extends OrderedIndex<Entry, string>, Row = Entry>(
  db: Db,
  source: IndexSource<Entry, Row, Index>,
  make: () => Index,
  { statements, onError }: { statements?: StatementSource; onError?: (error: unknown) => void },
) {
  // the load and the catch-up run unnamed, each planned for its values: a generic plan of the load's keyset
  // page (an id bound, a limit) can read every row of a million and pass the statement timeout; the
  // version's read, once a round trip, is named
  const versionNow = fixedStatement<{ version: string }, never>(
    `${source.name}_version`,
    () => sql`select version::text as version from ${sql.identifier(source.version)} where id = 1`,
  );
  const log = sql.identifier(source.changes);
  const idColumn = sql.raw(source.changes === 'lawyer_search_changes' ? 'user_ids' : 'case_ids');
  /** The version now, the first change after `known`, whether any is too large to list, the ids changed. */
  const since = (known: number) => sql`select v.version::text as version,
      (select min(c.version)::text from ${log} c where c.version > ${known}) as first,
      (select bool_or(c.${idColumn} is null) from ${log} c where c.version > ${known}) as whole,
      array(select distinct unnest(c.${idColumn})::text from ${log} c where c.version > ${known}) as ids
    from ${sql.identifier(source.version)} v where v.id = 1`;

  const entriesOf = (rows: Row[], into: Index): Entry[] => {
    const { entry } = source;
    return entry ? rows.map((row) => entry(row, into)) : (rows as unknown as Entry[]);
  };
  let index: Index | undefined;
  let loading: Promise<void> | undefined;
  let catchingUp: Promise<void> | undefined;
  let failedAt = Number.NEGATIVE_INFINITY;
  let closed = false;

  /** Every entry, a page at a time. Changes made meanwhile are in the log past the version read first. */
  async function load() {
    const next = make();
    const [now] = await versionNow(db, undefined, {});
    let after = BEFORE_EVERY_ID;
    const loaded: Entry[] = [];
    for (;;) {
      const rows = entriesOf(await rowsOf<Row>(db, source.page(after, LOAD_PAGE)), next);
      for (const row of rows) loaded.push(row);
      if (rows.length < LOAD_PAGE || closed) break;
      after = source.idOf(rows.at(-1)!);
    }
    // all at once, so that the index may number them by cluster
    next.addAll(loaded);
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

  /** The entries changed since the index's version applied to it, or everything loaded again. */
  async function catchUp() {
    const current = index;
    if (!current) return;
    const [changes] = await rowsOf<Changes>(db, since(current.version));
    if (!changes || Number(changes.version) <= current.version) return;
    const gap = Number(changes.first) !== current.version + 1;
    if (changes.whole || gap || changes.ids.length > MOST_CHANGES) {
      if (index === current) index = undefined;
      void startLoad();
      return;
    }
    const rows = changes.ids.length
      ? entriesOf(await rowsOf<Row>(db, source.among(sql.param(changes.ids))), current)
      : [];
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

  /** A version read that started after every caller of `freshVersion` arrived, and the one under way. */
  let reading: Promise<number> | undefined;
  let nextReading: Promise<number> | undefined;
  const readVersion = () => {
    const read = versionNow(db, statements, {}).then(([row]) => Number(row?.version ?? 0));
    reading = read;
    void read
      .finally(() => {
        if (reading === read) reading = undefined;
      })
      .catch(() => undefined);
    return read;
  };
  /**
   * The database's version as read by a statement that started after this call: callers who arrive while
   * one read is under way share the next, so a busy server reads it once a round trip, not once a request.
   */
  function freshVersion(): Promise<number> {
    if (!reading) return readVersion();
    nextReading ??= reading
      .catch(() => undefined)
      .then(() => {
        nextReading = undefined;
        return readVersion();
      });
    return nextReading;
  }

  return {
    /**
     * A request answered from the index, as fresh as the database when the request arrived: the version read
     * after it arrived, the index caught up to it if behind, then `ask` runs on it (synchronously, so no
     * change applies in between). Undefined: the index is not loaded, or could not catch up.
     */
    async answer<Answer>(ask: (index: Index) => Answer): Promise<Answer | undefined> {
      if (!index) {
        void startLoad();
        return undefined;
      }
      const version = await freshVersion();
      for (let attempt = 0; attempt < 3 && index && index.version < version; attempt++) await caughtUp();
      if (!index || index.version < version) {
        if (!index) void startLoad();
        return undefined;
      }
      return ask(index);
    },

    /** Loads the index, or catches it up; resolves once it is current (or could not be made so). */
    async warm() {
      if (index) await caughtUp();
      await (loading ?? (index ? undefined : startLoad()));
    },

    /** Stops loading; waits for what is under way. */
    async close() {
      closed = true;
      await Promise.allSettled([loading, catchingUp]);
    },
  };
}

/**
 * Logs "everything changed" for an index's source: a writer that bypassed the projection's triggers (a bulk
 * fill with them disabled) calls it, and every process's index loads again.
 */
export async function logEverythingChanged(
  db: Pick<Db, 'execute'>,
  source: 'lawyer_search' | 'board_search',
) {
  const version = sql.identifier(`${source}_version`);
  const changes = sql.identifier(`${source}_changes`);
  await db.execute(sql`with taken as (update ${version} set version = version + 1 where id = 1 returning version)
    insert into ${changes} select version, null from taken`);
}
