#!/usr/bin/env node
/**
 * The lawyer directory at ten times the first benchmark's size, with the queries people really send: on
 * PostgreSQL 1,000,000 lawyers (PGlite: 100,000), and a pool of 20,000 distinct directory requests drawn
 * with a Zipf law, each connection its own sequence (lib/query-mix.mjs). A request is what a person types
 * into the search box: the first letters of a Spanish first name or surname, growing letter by letter,
 * with or without accents, sometimes a first name and the start of a surname; one or two categories; a
 * province; a sort; page 1, 2 or 3. Measured twice on the same data: with the directory's short caches on,
 * then off, each round next to a bare Fastify hello-world measured in the same run.
 *
 * Targets (medians of three rounds): PostgreSQL, caches on: p99 < 40 ms and ≥ 12% of the ceiling; caches
 * off: p99 < 60 ms. PGlite, caches on: p99 < 150 ms (caches off is reported, with no target). At least
 * 5,000 distinct requests must be sent. Exits 1 when one is missed. Results: bench/results/directory-1m-*.json.
 *
 * Options (environment): BENCH_LAWYERS (1000000; 100000 on PGlite), BENCH_POOL (20000),
 * BENCH_CONNECTIONS (50), BENCH_SECONDS (10), BENCH_ROUNDS (3).
 */
import path from 'node:path';
import { CATEGORIES } from '@l4l/shared/constants/categories';
import { PROVINCES } from '@l4l/shared/constants/provinces';
import { CACHE_MODES, database, exitWith, runListingBench } from './lib/listing-bench.mjs';
import { distinctPool, pick, typedPrefixes, withoutAccents, zipfClients } from './lib/query-mix.mjs';
import { FIRST_NAMES, SURNAMES } from './lib/seed-lawyers.mjs';

const here = path.dirname(new URL(import.meta.url).pathname);
const LAWYERS = Number(process.env.BENCH_LAWYERS ?? (database === 'postgres' ? 1_000_000 : 100_000));
const POOL = Number(process.env.BENCH_POOL ?? 20_000);
const MIN_DISTINCT = 5_000;
const SORTS = ['rating', 'rating', 'rating', 'price_asc', 'price_desc', 'finished', 'active'];
const PAGES = ['1', '1', '1', '1', '1', '1', '2', '2', '3'];
const NAMED_PROVINCES = PROVINCES.slice(1);

/** What a person types: a name growing letter by letter, accents or not, maybe a first name and a surname. */
function typedSearch(random) {
  const surname = pick(random, SURNAMES);
  const first = pick(random, FIRST_NAMES);
  const shape = random();
  let text;
  if (shape < 0.55) text = pick(random, typedPrefixes(surname));
  else if (shape < 0.8) text = pick(random, typedPrefixes(first));
  else text = `${first.toLowerCase()} ${pick(random, typedPrefixes(surname))}`;
  return random() < 0.5 ? withoutAccents(text) : text;
}

function directoryRequest(random) {
  const query = new URLSearchParams();
  if (random() < 0.85) query.set('search', typedSearch(random));
  const categories = random();
  if (categories < 0.45) query.set('categories', pick(random, CATEGORIES));
  else if (categories < 0.6) {
    const one = pick(random, CATEGORIES);
    const two = pick(
      random,
      CATEGORIES.filter((category) => category !== one),
    );
    query.set('categories', `${one},${two}`);
  }
  if (random() < 0.35) query.set('province', pick(random, NAMED_PROVINCES));
  query.set('sort', pick(random, SORTS));
  query.set('page', pick(random, PAGES));
  return `/api/lawyers?${query}`;
}

exitWith(async () => {
  console.log(`directory-1m on ${database}: seeding ${LAWYERS.toLocaleString('es-ES')} lawyers...`);
  const pool = distinctPool(POOL, directoryRequest);
  const passed = await runListingBench({
    name: 'directory-1m',
    app: path.join(here, 'lib/lawyers-app.mjs'),
    env: { BENCH_LAWYERS: String(LAWYERS) },
    requests: () => ({ ...zipfClients(pool), pool: pool.length }),
    modes: CACHE_MODES,
    settings: { lawyers: LAWYERS },
    check: ({ seed, explain }) => [
      ...(seed.lawyers >= 100_000 && explain.some((line) => !line.indexed)
        ? ['a directory query reads without an index']
        : []),
    ],
    minDistinct: MIN_DISTINCT,
  });
  return passed;
});
