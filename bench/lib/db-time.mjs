/**
 * What lib/directory-db-time.mjs and lib/board-db-time.mjs share: the throw-away database they open and
 * migrate, one statement's database time under EXPLAIN (ANALYZE) (planning plus execution), and the median
 * and p99 of a list of times.
 */
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

/** Planning plus execution of one Drizzle statement, in ms; `tally`, if given, sums both apart. */
export async function explainedTime(database, statement, tally) {
  const { text, values } = statementText(database.db, 'getSQL' in statement ? statement.getSQL() : statement);
  const result = await database.pool.query(`explain (analyze, format json) ${text}`, values);
  const [plan] = result.rows[0]['QUERY PLAN'];
  if (tally) {
    tally.planning += plan['Planning Time'];
    tally.execution += plan['Execution Time'];
  }
  return plan['Planning Time'] + plan['Execution Time'];
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
