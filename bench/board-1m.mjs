#!/usr/bin/env node
/**
 * The lawyers' board at 1,000,000 cases (PGlite: 100,000) with the requests lawyers really send: a pool of
 * 10,000 distinct board requests drawn with a Zipf law, each connection its own sequence
 * (lib/query-mix.mjs). A request is the start of a word of a case title as it is typed (with or without
 * accents, sometimes two words), a category, a sort and page 1, 2 or 3. Measured twice on the same data:
 * the board's short caches on, then off, each round next to a bare Fastify hello-world in the same run.
 *
 * Targets (medians of three rounds): PostgreSQL, caches on: p99 < 40 ms; caches off: p99 < 60 ms and ≥ 5%
 * of the ceiling. PGlite, caches on: p99 < 100 ms (caches off reported). At least 5,000 distinct requests
 * sent. Exits 1 when one is missed. Results: bench/results/board-1m-*.json.
 *
 * Options (environment): BENCH_CASES (1000000; 100000 on PGlite), BENCH_LAWYERS (100000), BENCH_POOL
 * (10000), BENCH_CONNECTIONS (50), BENCH_SECONDS (10), BENCH_ROUNDS (3).
 */
import path from 'node:path';
import { boardRequest } from './lib/board-mix.mjs';
import { CACHE_MODES, database, exitWith, runListingBench } from './lib/listing-bench.mjs';
import { distinctPool, zipfClients } from './lib/query-mix.mjs';

const here = path.dirname(new URL(import.meta.url).pathname);
const CASES = Number(process.env.BENCH_CASES ?? (database === 'postgres' ? 1_000_000 : 100_000));
const POOL = Number(process.env.BENCH_POOL ?? 10_000);

exitWith(async () => {
  console.log(`board-1m on ${database}: seeding ${CASES.toLocaleString('es-ES')} cases...`);
  const pool = distinctPool(POOL, boardRequest);
  return runListingBench({
    name: 'board-1m',
    app: path.join(here, 'lib/board-app.mjs'),
    env: { BENCH_CASES: String(CASES) },
    requests: () => ({ ...zipfClients(pool), pool: pool.length }),
    modes: CACHE_MODES,
    settings: { cases: CASES },
    minDistinct: 5_000,
  });
});
