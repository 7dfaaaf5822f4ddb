/**
 * What the directory's index in memory (ADR 0042) costs per request, without HTTP or a database round trip:
 * the index loaded from DATABASE_URL (a database a directory-1m run kept, BENCH_KEEP_DATABASE=1), then the
 * directory-1m mix's distinct requests answered one after the other, each timed. Prints the mean, the median,
 * the p99 and, by the request's shape (words, categories, province, sort), where the time goes, with the
 * slowest requests. Run with `node --import tsx bench/lib/directory-index-cost.mjs`.
 *
 * Options (environment): BENCH_POOL (20000 distinct requests), BENCH_REPEAT (2: the pool answered twice,
 * the second pass measured, as a warm server answers), BENCH_INDEX_FILE (a file the loaded entries are kept
 * in, read instead of the database when it exists: a million lawyers load in seconds instead of a minute),
 * BENCH_SHOW_SLOWEST (10), BENCH_INDEX_TUNING (the index's tuning as JSON, `{"scanCost":0.5}`: to weigh its
 * costs).
 */
import fs from 'node:fs';
import v8 from 'node:v8';
import { LIMITS } from '@l4l/shared/constants/limits';
import { rowsOf } from '../../apps/server/src/db/prepared.ts';
import { DirectoryIndex } from '../../apps/server/src/modules/lawyers/directory-index.ts';
import { listItemJson } from '../../apps/server/src/modules/lawyers/lawyer-cards.ts';
import { lawyersSource } from '../../apps/server/src/modules/lawyers/lawyers.search-indexed.ts';
import { directoryFilter } from '../../apps/server/src/modules/lawyers/lawyers.service.ts';
import { lawyersQuerySchema } from '../../packages/shared/src/schemas/lawyers.ts';
import { openBenchDatabase, quantile } from './db-time.mjs';
import { directoryRequest } from './directory-mix.mjs';
import { distinctPool } from './query-mix.mjs';

const POOL = Number(process.env.BENCH_POOL ?? 20_000);
const REPEAT = Number(process.env.BENCH_REPEAT ?? 2);
const FILE = process.env.BENCH_INDEX_FILE;
const SHOW = Number(process.env.BENCH_SHOW_SLOWEST ?? 10);

/** Every listed lawyer, from the file when there is one, else from the database (then kept in the file). */
async function entries() {
  if (FILE && fs.existsSync(FILE)) return v8.deserialize(fs.readFileSync(FILE));
  const { db, close } = await openBenchDatabase();
  const all = [];
  let after = '00000000-0000-0000-0000-000000000000';
  for (;;) {
    const rows = await rowsOf(db, lawyersSource.page(after, 20_000));
    all.push(...rows);
    if (rows.length < 20_000) break;
    after = rows.at(-1).userId;
  }
  await close();
  if (FILE) fs.writeFileSync(FILE, v8.serialize(all));
  return all;
}

/** The index of every listed lawyer (in a function: the rows read are garbage once it returns). */
async function loaded() {
  const made = new DirectoryIndex(listItemJson, JSON.parse(process.env.BENCH_INDEX_TUNING ?? '{}'));
  made.addAll((await entries()).map((row) => made.entryOf(row)));
  made.seal();
  return made;
}

const started = performance.now();
const index = await loaded();
const seconds = ((performance.now() - started) / 1000).toFixed(1);
globalThis.gc?.();
const collecting = performance.now();
globalThis.gc?.();
const collection = (performance.now() - collecting).toFixed(0);
const heap = Math.round(process.memoryUsage().heapUsed / 2 ** 20);
console.log(
  `${index.size.toLocaleString('en')} lawyers indexed in ${seconds} s; with --expose-gc: heap ${heap} MB, ` +
    `a full collection ${collection} ms`,
);

const requests = distinctPool(POOL, directoryRequest).map((path) => {
  const query = lawyersQuerySchema.parse(Object.fromEntries(new URL(path, 'http://l4l').searchParams));
  return {
    path,
    filter: directoryFilter(query),
    sort: query.sort,
    range: { limit: query.pageSize, offset: (query.page - 1) * query.pageSize },
  };
});
const times = new Float64Array(requests.length);
for (let pass = 0; pass < REPEAT; pass++) {
  requests.forEach(({ filter, sort, range }, i) => {
    const from = performance.now();
    index.directory(filter, sort, range, LIMITS.searchCountLimit);
    times[i] = performance.now() - from;
  });
}

const all = [...times];
const mean = all.reduce((sum, time) => sum + time, 0) / all.length;
console.log(
  `${all.length} requests: mean ${mean.toFixed(3)} ms, p50 ${quantile(all, 0.5).toFixed(3)} ms, ` +
    `p99 ${quantile(all, 0.99).toFixed(3)} ms, max ${Math.max(...all).toFixed(1)} ms`,
);
/** The request's shape: how many words, categories, a province or not, and the sort. */
const shapeOf = ({ filter, sort }) =>
  `words ${filter.terms.length} · categories ${filter.categories.length} · ` +
  `${filter.provinces.length ? 'province' : 'any province'} · ${sort}`;
const shapes = new Map();
requests.forEach((request, i) => {
  const shape = shapeOf(request);
  const tally = shapes.get(shape) ?? { count: 0, time: 0 };
  tally.count++;
  tally.time += times[i];
  shapes.set(shape, tally);
});
console.log('share of the time by shape:');
for (const [shape, { count, time }] of [...shapes].sort((a, b) => b[1].time - a[1].time).slice(0, 15)) {
  console.log(
    `  ${((100 * time) / (mean * all.length)).toFixed(1).padStart(5)}%  ${shape} (${count}, mean ${(time / count).toFixed(3)} ms)`,
  );
}
console.log('slowest:');
for (const i of [...all.keys()].sort((a, b) => times[b] - times[a]).slice(0, SHOW)) {
  console.log(`  ${times[i].toFixed(2).padStart(7)} ms  ${decodeURIComponent(requests[i].path)}`);
}
