import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { DEFAULT_POOL_IDLE_MS, DEFAULT_POOL_SIZE } from '../config/database.ts';
import { SERVER_ROOT } from '../lib/server-root.ts';
import { lockDataDir } from './data-lock.ts';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
/** Both drivers give the same query builder; the driver is the only difference (ADR 0002). */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** the node-postgres pool, for work that needs one dedicated connection (PostgreSQL only) */
  pool?: pg.Pool;
  /** where named statements are prepared: the pool, or the embedded database's client (db/prepared.ts) */
  statements: StatementSource;
  ping(): Promise<void>;
  close(): Promise<void>;
};

/**
 * Where named statements are prepared: PostgreSQL's pool (once per pooled connection), or the embedded
 * database itself (once, its one session: pglite-statements.ts). Never a transaction's connection.
 */
export type StatementSource = pg.Pool | PGlite;

export const MIGRATIONS_FOLDER = path.join(SERVER_ROOT, 'drizzle');

/** Any fixed number: serialises migrations when several processes start at once on one PostgreSQL. */
const MIGRATION_LOCK = 4_141_414;

export type DatabaseTimeouts = {
  /** opening a connection, and waiting for a free one from the pool */
  connectTimeoutMs: number;
  /** PostgreSQL's statement_timeout (it cancels the statement: SQLSTATE 57014) */
  statementTimeoutMs: number;
  /** an idle pooled connection is closed after this long (0: never); DEFAULT_POOL_IDLE_MS unless given */
  poolIdleMs?: number;
};

/** The production defaults, also what config.ts defaults to (DB_CONNECT_TIMEOUT_MS, DB_STATEMENT_TIMEOUT_MS). */
export const DEFAULT_DATABASE_TIMEOUTS: DatabaseTimeouts = {
  connectTimeoutMs: 5_000,
  statementTimeoutMs: 10_000,
};

/**
 * A stalled or unreachable database must not hold requests for as long as it lasts: every wait has an
 * end. statement_timeout is PostgreSQL's own; it cannot act when the network between us stalls, so the
 * driver also stops waiting for an answer (query_timeout) a second after it. A transaction left open
 * by a process that hangs is ended by the server (idle_in_transaction_session_timeout).
 */
function poolTimeouts(timeouts: DatabaseTimeouts): pg.PoolConfig {
  return {
    connectionTimeoutMillis: timeouts.connectTimeoutMs,
    statement_timeout: timeouts.statementTimeoutMs,
    query_timeout: timeouts.statementTimeoutMs + 1_000,
    idle_in_transaction_session_timeout: Math.max(30_000, timeouts.statementTimeoutMs * 3),
    // node-postgres would close a connection idle for 10 s: every lull longer than that made the next
    // requests open connections again and prepare their named statements anew, in front of people
    idleTimeoutMillis: timeouts.poolIdleMs ?? DEFAULT_POOL_IDLE_MS,
  };
}

export async function openPostgres(
  url: string,
  options: { max?: number | undefined; timeouts?: DatabaseTimeouts } = {},
): Promise<Database> {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max ?? DEFAULT_POOL_SIZE,
    ...poolTimeouts(options.timeouts ?? DEFAULT_DATABASE_TIMEOUTS),
  });
  // an idle client that loses its connection must not take the process down
  pool.on('error', () => {});
  const db = drizzleNodePg(pool, { schema }) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    pool,
    statements: pool,
    ping: async () => {
      await pool.query('select 1');
    },
    close: () => pool.end(),
  };
}

export function wrapPglite(client: PGlite): Database {
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    statements: client,
    ping: async () => {
      await client.query('select 1');
    },
    close: () => client.close(),
  };
}

export async function openPglite(dataDir: string | undefined): Promise<Database> {
  if (!dataDir) return wrapPglite(await PGlite.create());
  mkdirSync(path.dirname(dataDir), { recursive: true });
  // one process per folder: a second one would work on its own copy and lose writes (data-lock.ts)
  const release = lockDataDir(dataDir);
  try {
    mkdirSync(dataDir, { recursive: true });
    const database = wrapPglite(await PGlite.create(dataDir));
    return {
      ...database,
      close: async () => {
        try {
          await database.close();
        } finally {
          release();
        }
      },
    };
  } catch (err) {
    release();
    throw err;
  }
}

export async function migrateDatabase(database: Database): Promise<void> {
  if (database.kind === 'pglite') {
    await migratePglite(database.db as never, { migrationsFolder: MIGRATIONS_FOLDER });
    return;
  }
  if (!database.pool) throw new Error('PostgreSQL database without a pool');
  // an advisory lock belongs to one connection: take it, migrate and release on the same client. That
  // client has no statement or read timeout: a long migration, or waiting for another process's, is not
  // a stalled request
  const client = new pg.Client({
    ...database.pool.options,
    statement_timeout: undefined,
    query_timeout: undefined,
  });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migrateNodePg(drizzleNodePg(client, { schema }), { migrationsFolder: MIGRATIONS_FOLDER });
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
    await client.end();
  }
}

/** The database the configuration names: PostgreSQL when DATABASE_URL is set, else PGlite in DATA_DIR/db. */
export async function openConfiguredDatabase(config: {
  databaseUrl?: string | undefined;
  dataDir: string;
  db?: DatabaseTimeouts;
  dbPoolSize?: number;
}): Promise<Database> {
  const database = config.databaseUrl
    ? await openPostgres(config.databaseUrl, {
        timeouts: config.db ?? DEFAULT_DATABASE_TIMEOUTS,
        max: config.dbPoolSize,
      })
    : await openPglite(path.join(config.dataDir, 'db'));
  await migrateDatabase(database);
  return database;
}
