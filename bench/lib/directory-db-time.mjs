/**
 * Database time of a directory request, on a sample of the directory-1m mix: for each request the statements
 * it runs under EXPLAIN (ANALYZE), planning plus execution. The directory answers from its index in memory
 * (docs/decisions/0042-directory-index-in-memory.md), whose one statement a request is the log's version
 * read; it is compared, request by request on the same data, with the plain SQL that answers while the
 * index loads (repository.directoryQueries, the page and its bounded count), or with BENCH_COMPARE, another
 * repository module (an older lawyers.repository.ts copied beside the current one). Then every sampled
 * request's answer (ids, order and meta) is compared between the two. Run with `node --import tsx
 * bench/lib/directory-db-time.mjs` and DATABASE_URL naming a throw-away database (it is seeded).
 * BENCH_LAWYERS (100000), BENCH_SAMPLE (300). Prints the median and p99 in ms and their ratios.
 * BENCH_SHOW_SLOWEST=n prints the n slowest requests of the plain SQL with the index's time.
 * BENCH_PREPARED=1 runs the plain SQL's statements as named prepared statements, as the app does on
 * PostgreSQL (db/prepared.ts): each five times on first sight, then EXPLAINed as an EXECUTE.
 * BENCH_REUSE=1 keeps a database seeded by an earlier run (same BENCH_LAWYERS) instead of seeding again.
 * BENCH_REPEAT=3 runs each request three times and keeps the least, so a busy machine's scheduling stalls
 * weigh less on the p99.
 */
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { listItemsOf } from '../../apps/server/src/modules/lawyers/lawyer-cards.ts';
import { createLawyersRepository } from '../../apps/server/src/modules/lawyers/lawyers.repository.ts';
import { createIndexedSearch } from '../../apps/server/src/modules/lawyers/lawyers.search-indexed.ts';
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
await db.execute(sql`analyze`);

const plain = process.env.BENCH_COMPARE
  ? (await import(path.resolve(process.env.BENCH_COMPARE))).createLawyersRepository(db)
  : createLawyersRepository(db);
// the index answers every request itself: no fallback
const indexed = createIndexedSearch(db, {
  fallback: { directory: () => Promise.reject(new Error('the index did not answer')) },
});
const loading = performance.now();
await indexed.warm();
console.log(`index loaded in ${((performance.now() - loading) / 1000).toFixed(1)} s`);
// what a request to the index runs: the log's version, read once the request has arrived
const versionRead = sql`select version::text as version from lawyer_search_version where id = 1`;
const index = { directoryQueries: async () => [versionRead], directory: indexed.directory };
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
    process.env.BENCH_PREPARED === '1' && repo === plain ? explainedPreparedTime : explainedTime;
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
  now.push(await leastTime(index, request));
  before.push(await leastTime(plain, request));
}
const current = summary('the index', now);
if (process.env.BENCH_SHOW_SLOWEST) {
  const order = now
    .map((_time, i) => i)
    .sort((a, b) => before[b] - before[a])
    .slice(0, Number(process.env.BENCH_SHOW_SLOWEST));
  for (const i of order) console.log(before[i].toFixed(2), now[i].toFixed(2), JSON.stringify(requests[i]));
}
console.log(`the index: ${planningShare(index)}`);
{
  const compared = summary(`the plain SQL (${process.env.BENCH_COMPARE ?? 'lawyers.repository.ts'})`, before);
  console.log(`the plain SQL: ${planningShare(plain)}`);
  console.log(
    `ratio index/plain: median ${(current.median / compared.median).toFixed(2)}, p99 ${(current.p99 / compared.p99).toFixed(2)}`,
  );
  // the same answers at this scale: ids, order and meta of every sampled request
  let differ = 0;
  for (const { filter, sort, page } of requests) {
    const range = { limit: 20, offset: (page - 1) * 20 };
    const [a, b] = await Promise.all([
      index.directory(filter, sort, range),
      plain.directory(filter, sort, range),
    ]);
    // the index gives its cards rendered, the plain SQL as rows
    const ids = (r) => listItemsOf(r).map((item) => item.id);
    const key = (r) => JSON.stringify([ids(r), r.total, r.exact]);
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
await indexed.close();
await close();
