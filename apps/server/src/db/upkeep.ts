import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { runEvery } from '../lib/scheduled.ts';
import type { Database, Db } from './database.ts';
import { connectionOfItsOwn } from './one-at-a-time.ts';
import { rowsOf } from './prepared.ts';

/** How often the tables are looked at (a look costs one small query). */
export const UPKEEP_EVERY_MS = 60_000;

/**
 * When a table is due, with PostgreSQL's own autovacuum defaults: vacuumed once its dead rows pass 50 + 20%
 * of its rows, or its rows inserted since the last vacuum pass 1,000 + 20% (so an insert-only table gets its
 * visibility map); analyzed once its rows changed since the last analyze pass 50 + 10%.
 */
const DUE = sql`select s.relname as "table",
    s.n_dead_tup > 50 + 0.2 * greatest(c.reltuples, 0)
      or s.n_ins_since_vacuum > 1000 + 0.2 * greatest(c.reltuples, 0) as "vacuum",
    s.n_mod_since_analyze > 50 + 0.1 * greatest(c.reltuples, 0) as "analyze"
  from pg_stat_user_tables s join pg_class c on c.oid = s.relid
  where s.schemaname = current_schema()
  order by s.relname`;

type Due = { table: string; vacuum: boolean; analyze: boolean };

export type Upkeep = { vacuumed: string[]; analyzed: string[] };

type Statements = Pick<Db, 'execute'>;

/** The tables due for a vacuum or an analyze; `flush`: this connection's own counts first (see below). */
async function dueTables(db: Statements, flush: boolean): Promise<Due[]> {
  // the embedded database's one connection reports its counts at most once a second: at once, here
  if (flush) await db.execute(sql`select pg_stat_force_next_flush()`);
  return (await rowsOf<Due>(db, DUE)).filter((table) => table.vacuum || table.analyze);
}

/** Each due table vacuumed and analyzed, or only analyzed. */
async function keepUp(db: Statements, due: Due[]): Promise<Upkeep> {
  const done: Upkeep = { vacuumed: [], analyzed: [] };
  for (const { table, vacuum } of due) {
    if (vacuum) {
      await db.execute(sql`vacuum (analyze) ${sql.identifier(table)}`);
      done.vacuumed.push(table);
    } else {
      await db.execute(sql`analyze ${sql.identifier(table)}`);
      done.analyzed.push(table);
    }
  }
  return done;
}

/**
 * What PostgreSQL's autovacuum does, done by the app where nothing else does it
 * (docs/decisions/0039-embedded-database-upkeep.md): each table that is due is vacuumed and analyzed, or
 * only analyzed. Without it the planner has no statistics (a join planned on tables it believes empty took
 * minutes where it takes a second), dead rows pile up, and no index-only scan is ever index-only (the
 * visibility map stays empty).
 */
export async function upkeepTables(db: Statements): Promise<Upkeep> {
  return keepUp(db, await dueTables(db, true));
}

/**
 * One pass over the tables. On PostgreSQL a vacuum may take a while on a large table: it runs on a
 * connection of its own, without the pool's statement timeout, so the requests keep every pooled
 * connection.
 */
export async function upkeepPass({ db, pool }: Pick<Database, 'db' | 'pool'>): Promise<Upkeep> {
  if (!pool) return upkeepTables(db);
  const due = await dueTables(db, false);
  if (due.length === 0) return { vacuumed: [], analyzed: [] };
  const client = await connectionOfItsOwn(pool, 'l4l-upkeep', () => {});
  try {
    await client.query('set statement_timeout = 0');
    return await keepUp(drizzle(client), due);
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * Whether this app keeps its own tables up: always on the embedded database (it has no background
 * workers), on PostgreSQL only when its autovacuum is off (said once in the log); never when
 * DB_UPKEEP=false.
 */
export async function upkeepNeeded(
  app: Pick<FastifyInstance, 'config' | 'database' | 'db' | 'log'>,
): Promise<boolean> {
  if (!app.config.dbUpkeep) return false;
  if (app.database.kind === 'pglite') return true;
  const [setting] = await rowsOf<{ on: boolean }>(
    app.db,
    sql`select current_setting('autovacuum') = 'on' as "on"`,
  );
  if (setting?.on) return false;
  app.log.warn(
    "PostgreSQL's autovacuum is off: this app vacuums and analyzes its own tables (DB_UPKEEP=false to leave them)",
  );
  return true;
}

/** The upkeep on the scheduler's timer (one process at a time). */
async function tableUpkeep(app: FastifyInstance) {
  // decided at the start; a database not answering yet is asked again at the first run
  let needed = await upkeepNeeded(app).catch(() => undefined);
  if (needed === false) return;
  runEvery(app, UPKEEP_EVERY_MS, 'database upkeep', async () => {
    needed ??= await upkeepNeeded(app);
    if (!needed) return;
    const done = await upkeepPass(app.database);
    if (done.vacuumed.length || done.analyzed.length) app.log.debug(done, 'database upkeep');
  });
}

export default fp(tableUpkeep, { name: 'table-upkeep', dependencies: ['config'] });
