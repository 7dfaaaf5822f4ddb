#!/usr/bin/env node
/**
 * The lawyers' board under load: 100,000 lawyers and 1,000,000 cases (a tenth of them published on the
 * board), GET /api/cases/pending-cases as a lawyer with searches, categories, every sort and pages 1–3,
 * 50 connections for 10 s, three rounds, each next to a bare Fastify hello-world measured in the same run.
 * On PostgreSQL when DATABASE_URL is set (a throw-away database), else on PGlite with 100,000 cases.
 *
 * Targets (medians of the rounds): PostgreSQL p99 < 40 ms and ≥ 12% of the ceiling's requests/s;
 * PGlite p99 < 150 ms. Exits 1 when one is missed. Results: bench/results/board-*.json.
 *
 * Options (environment): BENCH_LAWYERS (100000), BENCH_CASES (1000000; 100000 on PGlite), BENCH_CLIENTS,
 * BENCH_CONNECTIONS (50), BENCH_SECONDS (10), BENCH_ROUNDS (3).
 */
import path from 'node:path';
import { database, exitWith, runListingBench } from './lib/listing-bench.mjs';

const here = path.dirname(new URL(import.meta.url).pathname);
const TARGETS = database === 'postgres' ? { minRatio: 0.12, maxP99: 40 } : { minRatio: 0, maxP99: 150 };
const SORTS = ['recent', 'category', 'price_asc', 'price_desc', 'finished', 'active'];
const SEARCHES = [
  '',
  'desahucio',
  'herencia',
  'despido',
  'divorcio hijos',
  'hipoteca',
  'banco',
  'multa',
  'socie',
];
const CATEGORIES = ['', 'Abogado Civil', 'Abogado Laboral', 'Abogado Divorcios', 'Abogado Fiscal'];

/** `count` board paths: a search, a category, a sort and a page each, deterministic. */
function boardPaths(count = 60) {
  return Array.from({ length: count }, (_, i) => {
    const query = new URLSearchParams({ sort: SORTS[i % SORTS.length], page: String(1 + (i % 3)) });
    const search = SEARCHES[i % SEARCHES.length];
    const category = CATEGORIES[i % CATEGORIES.length];
    if (search) query.set('search', search);
    if (category) query.set('category', category);
    return `/api/cases/pending-cases?${query}`;
  });
}

exitWith(() => {
  console.log(`board on ${database}: seeding lawyers and cases...`);
  return runListingBench({
    name: 'board',
    app: path.join(here, 'lib/board-app.mjs'),
    requests: () => ({ paths: boardPaths() }),
    targets: TARGETS,
  });
});
