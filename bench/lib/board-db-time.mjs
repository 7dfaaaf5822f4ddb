/**
 * Database time of the board's queries, per request, on a sample of the board-1m mix (lib/board-mix.mjs),
 * as lib/directory-db-time.mjs does for the directory: each request's statements run under EXPLAIN
 * (ANALYZE), planning plus execution, the board read now (modules/cases/board.search.ts, the ordered index
 * ranges of docs/decisions/0033-board-search.md) against the plain query before it (board.plain.ts), request
 * by request on the same data, then every sampled answer compared (ids, order, count). Run with
 * `node --import tsx bench/lib/board-db-time.mjs` and DATABASE_URL naming a throw-away database (it is
 * seeded). BENCH_CASES (100000), BENCH_LAWYERS (2000: the proposals' authors), BENCH_SAMPLE (300),
 * BENCH_REPEAT (1: each request run this many times, the least kept), BENCH_REUSE=1 keeps a database
 * seeded by an earlier run.
 */
import { sql } from 'drizzle-orm';
import { createPlainBoardPicks } from '../../apps/server/src/modules/cases/board.plain.ts';
import { createBoardSearch } from '../../apps/server/src/modules/cases/board.search.ts';
import { boardQuerySchema } from '../../packages/shared/src/schemas/cases.ts';
import { boardRequest } from './board-mix.mjs';
import { explainedTime, openBenchDatabase, summary } from './db-time.mjs';
import { distinctPool } from './query-mix.mjs';
import { seedCases } from './seed-cases.mjs';
import { seedLawyers } from './seed-lawyers.mjs';

const CASES = Number(process.env.BENCH_CASES ?? 100_000);
const LAWYERS = Number(process.env.BENCH_LAWYERS ?? 2_000);
const SAMPLE = Number(process.env.BENCH_SAMPLE ?? 300);
const REPEAT = Number(process.env.BENCH_REPEAT ?? 1);

const database = await openBenchDatabase();
const { db, close } = database;
if (process.env.BENCH_REUSE !== '1') {
  const started = performance.now();
  console.log(`seeding ${LAWYERS} lawyers and ${CASES} cases...`);
  await seedLawyers(db, LAWYERS);
  console.log(await seedCases(db, { count: CASES, clients: Math.max(1000, CASES / 20), lawyers: LAWYERS }));
  console.log(`seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  // the visibility map set, as autovacuum keeps it: the ranges are read index-only
  for (const table of ['board_entries', 'board_search_words', 'board_search_counts']) {
    await db.execute(sql.raw(`vacuum analyze ${table}`));
  }
}
await db.execute(sql`analyze`);
const sizes = await db.execute(sql`select relname, pg_total_relation_size(oid) as bytes from pg_class
  where relname in ('board_entries', 'board_search_words', 'board_search_counts')`);
console.log(
  (await db.execute(sql`select count(*)::int as cases from board_entries`)).rows[0],
  sizes.rows.map((row) => `${row.relname} ${(Number(row.bytes) / 2 ** 20).toFixed(0)} MB`).join(', '),
);

const now = createBoardSearch(db);
const before = createPlainBoardPicks(db);
const requests = distinctPool(SAMPLE, boardRequest).map((path) =>
  boardQuerySchema.parse(Object.fromEntries(new URL(path, 'http://x').searchParams)),
);
const rangeOf = (query) => ({ limit: 20, offset: (query.page - 1) * 20 });

const timeOf = (query) => explainedTime(database, query);

/** Planning plus execution of the statements one request runs on `path`, the least of REPEAT runs. */
async function requestTime(path, query) {
  let least = Number.POSITIVE_INFINITY;
  for (let i = 0; i < REPEAT; i++) {
    let total = 0;
    for (const statement of await path.boardQueries(query, rangeOf(query))) total += await timeOf(statement);
    least = Math.min(least, total);
  }
  return least;
}

const timesNow = [];
const timesBefore = [];
for (const query of requests) {
  timesNow.push(await requestTime(now, query));
  timesBefore.push(await requestTime(before, query));
}
const current = summary('ordered ranges (board.search.ts)', timesNow);
const plain = summary('plain query before (board.plain.ts)', timesBefore);
console.log(
  `ratio before/now: median ${(plain.median / current.median).toFixed(1)}, p99 ${(plain.p99 / current.p99).toFixed(1)}`,
);
const slowest = timesNow
  .map((time, i) => ({ time, query: requests[i] }))
  .sort((a, b) => b.time - a.time)
  .slice(0, 5);
for (const { time, query } of slowest)
  console.log(`slowest now: ${time.toFixed(1)} ms`, JSON.stringify(query));
let differ = 0;
for (const query of requests) {
  const [a, b] = await Promise.all([now.picks(query, rangeOf(query)), before.picks(query, rangeOf(query))]);
  const key = (r) => JSON.stringify([r.rows.map((row) => row.caseId), r.total, r.exact]);
  if (key(a) !== key(b)) {
    differ++;
    if (differ <= 3)
      console.log('differs:', JSON.stringify(query), key(a).slice(0, 200), key(b).slice(0, 200));
  }
}
console.log(`answers compared: ${requests.length - differ} of ${requests.length} the same`);
await close();
