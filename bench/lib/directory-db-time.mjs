/**
 * Database time of the directory's queries, per request, on a sample of the directory-1m mix: for each
 * request the statements `directory` runs (repository.directoryQueries) under EXPLAIN (ANALYZE), planning
 * plus execution. Run with `node --import tsx bench/lib/directory-db-time.mjs` and DATABASE_URL naming a
 * throw-away database (it is seeded). BENCH_LAWYERS (100000), BENCH_SAMPLE (300). Prints the median and
 * p99 in ms. BENCH_COMPARE names another repository module (an older lawyers.repository.ts copied beside
 * the current one) measured on the same data in the same run, alternating request by request, with the
 * ratio of the two. BENCH_PROJECTION=1 measures the search projection (lawyers.search.ts) against the
 * current repository the same way, after rebuilding the projection from the seeded profiles.
 * BENCH_COMPARE_SEARCH names an older lawyers.search.ts copied beside the current one: with BENCH_PROJECTION=1
 * the current projection is then measured against that older one instead of the repository's query.
 * BENCH_COUNT_LIMIT (1000) bounds both projections' counts: 100 at 100,000 lawyers reads the share of
 * each range a million lawyers' counts read at 1,000.
 * BENCH_SHOW_SLOWEST=n prints the n slowest requests of the current side with the compared side's time.
 * BENCH_PREPARED=1 runs the current side's statements as named prepared statements, as the app does on
 * PostgreSQL (db/prepared.ts): each five times on first sight, then EXPLAINed as an EXECUTE.
 * BENCH_REUSE=1 keeps a database seeded by an earlier run (same BENCH_LAWYERS) instead of seeding again
 * (BENCH_REBUILD=1 rebuilds its projection all the same). BENCH_REPEAT=3 runs each request three times
 * and keeps the least, so a busy machine's scheduling stalls weigh less on the p99.
 */
import path from 'node:path';
import { sql } from 'drizzle-orm';
import {
  LAWYER_SEARCH_TABLES,
  rebuildLawyerSearch,
} from '../../apps/server/src/modules/lawyers/lawyers.projection.ts';
import { createLawyersRepository } from '../../apps/server/src/modules/lawyers/lawyers.repository.ts';
import { createProjectedSearch } from '../../apps/server/src/modules/lawyers/lawyers.search.ts';
import { directoryFilter } from '../../apps/server/src/modules/lawyers/lawyers.service.ts';
import { lawyersQuerySchema } from '../../packages/shared/src/schemas/lawyers.ts';
import {
  explainedPreparedTime,
  explainedTime,
  openBenchDatabase,
  releasePrepared,
  summary,
} from './db-time.mjs';
import { directoryRequest } from './directory-mix.mjs';
import { distinctPool } from './query-mix.mjs';
import { seedLawyers } from './seed-lawyers.mjs';

const COUNT = Number(process.env.BENCH_LAWYERS ?? 100_000);
const SAMPLE = Number(process.env.BENCH_SAMPLE ?? 300);
/** each request measured this many times, the least kept: a busy machine's stalls are not the database's */
const REPEAT = Number(process.env.BENCH_REPEAT ?? 1);

const database = await openBenchDatabase();
const { db, close } = database;
if (process.env.BENCH_REUSE !== '1') {
  console.log(`seeding ${COUNT} lawyers...`);
  console.log(await seedLawyers(db, COUNT));
}
if (
  process.env.BENCH_PROJECTION === '1' &&
  (process.env.BENCH_REUSE !== '1' || process.env.BENCH_REBUILD === '1')
) {
  const started = performance.now();
  await rebuildLawyerSearch(db);
  console.log(`projection rebuilt in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  for (const table of LAWYER_SEARCH_TABLES) await db.execute(sql.raw(`vacuum analyze ${table}`));
}
await db.execute(sql`analyze`);

const olderSearch = process.env.BENCH_PROJECTION === '1' && process.env.BENCH_COMPARE_SEARCH;
// a smaller limit stands in for a larger directory: the counts read the same share of their ranges
const searchOptions = { countLimit: Number(process.env.BENCH_COUNT_LIMIT ?? 1000) };
const repository = olderSearch ? createProjectedSearch(db, searchOptions) : createLawyersRepository(db);
const other = olderSearch
  ? (await import(path.resolve(olderSearch))).createProjectedSearch(db, searchOptions)
  : process.env.BENCH_COMPARE
    ? (await import(path.resolve(process.env.BENCH_COMPARE))).createLawyersRepository(db)
    : process.env.BENCH_PROJECTION === '1'
      ? createProjectedSearch(db)
      : undefined;
const requests = distinctPool(SAMPLE, directoryRequest).map((path) => {
  const query = lawyersQuerySchema.parse(Object.fromEntries(new URL(path, 'http://x').searchParams));
  return { filter: directoryFilter(query), sort: query.sort, page: query.page };
});

/** each side's planning and execution summed over every run, to print planning's share */
const tallies = new Map();
const tallyOf = (repo) => {
  if (!tallies.has(repo)) tallies.set(repo, { planning: 0, execution: 0 });
  return tallies.get(repo);
};
const planningShare = (repo) => {
  const { planning, execution } = tallyOf(repo);
  return `planning ${((100 * planning) / Math.max(planning + execution, 1e-9)).toFixed(0)}% of the database time`;
};

/** Planning plus execution of the statements one request runs on `repo`. */
async function requestTime(repo, { filter, sort, page }) {
  const explained =
    process.env.BENCH_PREPARED === '1' && repo === repository ? explainedPreparedTime : explainedTime;
  const timeOf = (query) => explained(database, query, tallyOf(repo));
  const queries = await repo.directoryQueries(filter, sort, { limit: 20, offset: (page - 1) * 20 });
  if (Array.isArray(queries)) {
    let total = 0;
    for (const query of queries) total += await timeOf(query);
    return total;
  }
  const count = await timeOf(queries.count);
  return queries.page === queries.count ? count : count + (await timeOf(queries.page));
}

const now = [];
const before = [];
async function leastTime(repo, request) {
  let least = Number.POSITIVE_INFINITY;
  for (let i = 0; i < REPEAT; i++) least = Math.min(least, await requestTime(repo, request));
  return least;
}
for (const request of requests) {
  now.push(await leastTime(repository, request));
  if (other) before.push(await leastTime(other, request));
}
const current = summary('current', now);
if (process.env.BENCH_SHOW_SLOWEST) {
  const order = now
    .map((_time, i) => i)
    .sort((a, b) => now[b] - now[a])
    .slice(0, Number(process.env.BENCH_SHOW_SLOWEST));
  for (const i of order)
    console.log(now[i].toFixed(2), (before[i] ?? 0).toFixed(2), JSON.stringify(requests[i]));
}
console.log(`current: ${planningShare(repository)}`);
if (other) {
  const compared = summary(`compared (${olderSearch || process.env.BENCH_COMPARE || 'projection'})`, before);
  console.log(`compared: ${planningShare(other)}`);
  console.log(
    `ratio current/compared: median ${(current.median / compared.median).toFixed(2)}, p99 ${(current.p99 / compared.p99).toFixed(2)}`,
  );
  // the same answers at this scale: ids, order and meta of every sampled request
  let differ = 0;
  for (const { filter, sort, page } of requests) {
    const range = { limit: 20, offset: (page - 1) * 20 };
    const [a, b] = await Promise.all([
      repository.directory(filter, sort, range),
      other.directory(filter, sort, range),
    ]);
    const key = (r) => JSON.stringify([r.rows.map((row) => row.id), r.total, r.exact]);
    if (key(a) !== key(b)) {
      differ++;
      if (differ <= 3)
        console.log(
          'differs:',
          JSON.stringify({ filter, sort, page }),
          key(a).slice(0, 200),
          key(b).slice(0, 200),
        );
    }
  }
  console.log(`answers compared: ${requests.length - differ} of ${requests.length} the same`);
}
await releasePrepared();
await close();
