#!/usr/bin/env node
/**
 * Lawyer directory under load: 100,000 lawyers, GET /api/lawyers with a search, categories, a sort and a
 * page, 50 connections for 10 s, three rounds, each next to a bare Fastify hello-world (the ceiling of
 * this machine, measured in the same run). On PostgreSQL when DATABASE_URL is set (in a throw-away
 * database created and dropped here), else on PGlite in a temporary folder.
 *
 * Targets (medians of the rounds): PostgreSQL ≥ 12% of the ceiling's requests/s with p99 < 40 ms;
 * PGlite p99 < 150 ms. Exits 1 when one is missed. Results: bench/results/lawyers-listing-*.json.
 *
 * Options (environment): BENCH_LAWYERS (100000), BENCH_CONNECTIONS (50), BENCH_SECONDS (10),
 * BENCH_ROUNDS (3).
 */
import path from 'node:path';
import { listingPaths } from './lib/lawyers-queries.mjs';
import { database, exitWith, runListingBench } from './lib/listing-bench.mjs';

const here = path.dirname(new URL(import.meta.url).pathname);
const TARGETS = database === 'postgres' ? { minRatio: 0.12, maxP99: 40 } : { minRatio: 0, maxP99: 150 };

exitWith(() => {
  console.log(`lawyers-listing on ${database}: seeding ${process.env.BENCH_LAWYERS ?? 100_000} lawyers...`);
  return runListingBench({
    name: 'lawyers-listing',
    app: path.join(here, 'lib/lawyers-app.mjs'),
    requests: () => ({ paths: listingPaths() }),
    targets: TARGETS,
    settings: { lawyers: Number(process.env.BENCH_LAWYERS ?? 100_000) },
    // the index in memory answers (ADR 0042); the plans printed are the plain SQL's, which answers while it
    // loads (ADR 0043): reported, not judged
  });
});
