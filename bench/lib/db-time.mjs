/**
 * What lib/directory-db-time.mjs and lib/board-db-time.mjs share: the throw-away database they open and
 * migrate, one statement's database time under EXPLAIN (ANALYZE) (planning plus execution), and the median
 * and p99 of a list of times.
 */
import { createHash } from 'node:crypto';
import pg from 'pg';
import { migrateDatabase, openPostgres } from '../../apps/server/src/db/database.ts';
import { statementText } from '../../apps/server/src/db/prepared.ts';

export const quantile = (values, q) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
};

/** DATABASE_URL opened with two connections and no statement timeout worth the name, then migrated. */
export async function openBenchDatabase() {
  const database = await openPostgres(process.env.DATABASE_URL, {
    max: 2,
    timeouts: { connectTimeoutMs: 10_000, statementTimeoutMs: 3_600_000 },
  });
  await migrateDatabase(database);
  return database;
}

/** Planning plus execution of an EXPLAIN (ANALYZE, FORMAT JSON) result, in ms, added to `tally` if given. */
function timeOfPlan(result, tally) {
  const [plan] = result.rows[0]['QUERY PLAN'];
  if (tally) {
    tally.planning += plan['Planning Time'];
    tally.execution += plan['Execution Time'];
  }
  return plan['Planning Time'] + plan['Execution Time'];
}

/** Planning plus execution of one Drizzle statement, in ms; `tally`, if given, sums both apart. */
export async function explainedTime(database, statement, tally) {
  const { text, values } = statementText(database.db, 'getSQL' in statement ? statement.getSQL() : statement);
  const result = await database.pool.query(`explain (analyze, format json) ${text}`, values);
  return timeOfPlan(result, tally);
}

/** the connection a side run as prepared statements keeps them on, and how often each was run */
const prepared = { client: undefined, runs: new Map() };

/**
 * Planning plus execution of one Drizzle statement run as the app runs it with a pool
 * (db/prepared.ts, preparedByShape): a named statement, run five times first on first sight so that
 * PostgreSQL has chosen between a generic plan and a custom one, then EXPLAINed as an EXECUTE of it.
 */
export async function explainedPreparedTime(database, statement, tally) {
  const { text, values } = statementText(database.db, 'getSQL' in statement ? statement.getSQL() : statement);
  prepared.client ??= await database.pool.connect();
  const name = `bench_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;
  for (let runs = prepared.runs.get(name) ?? 0; runs < 5; runs++) {
    await prepared.client.query({ name, text, values });
    prepared.runs.set(name, runs + 1);
  }
  // EXPLAIN takes no bound values: each is written out as a literal, as the driver would send it
  const args = values
    .map((value) => (value === null ? 'null' : pg.escapeLiteral(String(pg.utils.prepareValue(value)))))
    .join(', ');
  const result = await prepared.client.query(
    `explain (analyze, format json) execute ${name}${args ? `(${args})` : ''}`,
  );
  return timeOfPlan(result, tally);
}

/**
 * Prints how many of the prepared statements PostgreSQL runs with a generic plan (planned once) and how
 * many it still plans at each run, then gives back the connection explainedPreparedTime kept.
 */
export async function releasePrepared() {
  if (prepared.client) {
    const { rows } = await prepared.client.query(
      `select count(*) filter (where generic_plans > 0)::int as generic, count(*)::int as shapes
       from pg_prepared_statements`,
    );
    console.log(`prepared statements: ${rows[0].generic} of ${rows[0].shapes} shapes on a generic plan`);
  }
  prepared.client?.release();
  prepared.client = undefined;
}

/** Prints and returns the median and p99 of `times`. */
export function summary(label, times) {
  const median = quantile(times, 0.5);
  const p99 = quantile(times, 0.99);
  console.log(
    `${label}: median ${median.toFixed(2)} ms, p99 ${p99.toFixed(2)} ms over ${times.length} requests`,
  );
  return { median, p99 };
}
