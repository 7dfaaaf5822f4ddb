import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { runEvery } from '../lib/scheduled.ts';
import type { Db } from './database.ts';

/** How often the embedded database's tables are looked at (a look costs one small query). */
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

export type Upkeep = { vacuumed: string[]; analyzed: string[] };

/**
 * What PostgreSQL's autovacuum does for a server, done for the embedded database, which has no background
 * workers and so never vacuums or analyzes by itself (docs/decisions/0039-embedded-database-upkeep.md):
 * each table that is due is vacuumed and analyzed, or only analyzed. Without it the planner has no
 * statistics (a join planned on tables it believes empty took minutes where it takes a second), dead rows
 * pile up, and no index-only scan is ever index-only (the visibility map stays empty).
 */
export async function upkeepEmbedded(db: Pick<Db, 'execute'>): Promise<Upkeep> {
  // the one connection's own counts reach the statistics views at most once a second: at once, here
  await db.execute(sql`select pg_stat_force_next_flush()`);
  const { rows } = (await db.execute(DUE)) as unknown as {
    rows: Array<{ table: string; vacuum: boolean; analyze: boolean }>;
  };
  const done: Upkeep = { vacuumed: [], analyzed: [] };
  for (const { table, vacuum, analyze } of rows) {
    if (vacuum) {
      await db.execute(sql`vacuum (analyze) ${sql.identifier(table)}`);
      done.vacuumed.push(table);
    } else if (analyze) {
      await db.execute(sql`analyze ${sql.identifier(table)}`);
      done.analyzed.push(table);
    }
  }
  return done;
}

/** The upkeep on a timer, for the embedded database this process opened and owns (app.ts). */
async function embeddedUpkeep(app: FastifyInstance) {
  runEvery(app, UPKEEP_EVERY_MS, 'embedded database upkeep', async () => {
    const done = await upkeepEmbedded(app.db);
    if (done.vacuumed.length || done.analyzed.length) app.log.debug(done, 'embedded database upkeep');
  });
}

export default fp(embeddedUpkeep, { name: 'embedded-upkeep', dependencies: ['config'] });
