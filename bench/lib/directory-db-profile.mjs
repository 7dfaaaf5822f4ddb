/**
 * The slowest requests of the directory-1m mix on the search projection, with each statement's time and
 * plan: what to look at after lib/directory-db-time.mjs. Run with `node --import tsx
 * bench/lib/directory-db-profile.mjs` and DATABASE_URL naming a database that script seeded (BENCH_REUSE=1
 * there). BENCH_SAMPLE (300), BENCH_SHOW (5): how many of the slowest are printed with their plans.
 */
import { migrateDatabase, openPostgres } from '../../apps/server/src/db/database.ts';
import { statementText } from '../../apps/server/src/db/prepared.ts';
import { createProjectedSearch } from '../../apps/server/src/modules/lawyers/lawyers.search.ts';
import { directoryFilter } from '../../apps/server/src/modules/lawyers/lawyers.service.ts';
import { lawyersQuerySchema } from '../../packages/shared/src/schemas/lawyers.ts';
import { directoryRequest } from './directory-mix.mjs';
import { distinctPool } from './query-mix.mjs';

const SAMPLE = Number(process.env.BENCH_SAMPLE ?? 300);
const SHOW = Number(process.env.BENCH_SHOW ?? 5);
const database = await openPostgres(process.env.DATABASE_URL, {
  max: 2,
  timeouts: { connectTimeoutMs: 10_000, statementTimeoutMs: 600_000 },
});
const { db } = database;
await migrateDatabase(database);
const search = createProjectedSearch(db);
const paths = distinctPool(SAMPLE, directoryRequest);
const measured = [];
for (const path of paths) {
  const query = lawyersQuerySchema.parse(Object.fromEntries(new URL(path, 'http://x').searchParams));
  const statements = await search.directoryQueries(directoryFilter(query), query.sort, {
    limit: 20,
    offset: (query.page - 1) * 20,
  });
  const parts = [];
  for (const statement of statements) {
    const { text, values } = statementText(db, statement);
    const result = await database.pool.query(`explain (analyze, buffers, format json) ${text}`, values);
    const [plan] = result.rows[0]['QUERY PLAN'];
    const textPlan = await database.pool.query(`explain (analyze, buffers) ${text}`, values);
    parts.push({
      planning: plan['Planning Time'],
      execution: plan['Execution Time'],
      plan: textPlan.rows.map((row) => row['QUERY PLAN']).join('\n'),
    });
  }
  const total = parts.reduce((sum, part) => sum + part.planning + part.execution, 0);
  measured.push({ path, total, parts });
}
measured.sort((a, b) => b.total - a.total);
const planning = measured.reduce((sum, m) => sum + m.parts.reduce((s, p) => s + p.planning, 0), 0);
const all = measured.reduce((sum, m) => sum + m.total, 0);
console.log(`planning is ${((100 * planning) / all).toFixed(0)}% of the database time`);
for (const m of measured.slice(0, SHOW)) {
  console.log(`\n=== ${m.total.toFixed(2)} ms ${decodeURIComponent(m.path)}`);
  for (const part of m.parts) {
    console.log(`--- planning ${part.planning.toFixed(2)} ms, execution ${part.execution.toFixed(2)} ms`);
    console.log(part.plan);
  }
}
console.log('\nslowest 30:');
for (const m of measured.slice(0, 30)) {
  console.log(
    m.total.toFixed(2),
    m.parts.map((p) => (p.planning + p.execution).toFixed(2)).join('+'),
    decodeURIComponent(m.path),
  );
}
await database.close();
