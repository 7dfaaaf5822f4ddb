/**
 * The shape every HTTP listing benchmark shares (lawyers-listing.mjs, board.mjs): a throw-away database
 * (a new PostgreSQL database when DATABASE_URL is set, else a PGlite folder), the app in a child process
 * that seeds it, a bare Fastify hello-world as the ceiling measured in the same run, a warm-up, then
 * rounds of the listing next to the ceiling; medians judged against the targets; a results file.
 */
import os from 'node:os';
import path from 'node:path';
import {
  fixed,
  load,
  machine,
  median,
  ROOT,
  startServer,
  throwAwayDatabase,
  writeResults,
} from './harness.mjs';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
/**
 * The app's PostgreSQL connections: as many as the machine has cores, which PostgreSQL shares with the app
 * and the load here (docs/operations.md, "Sizing the pool"); BENCH_DB_POOL overrides.
 */
const DB_POOL = process.env.BENCH_DB_POOL ?? String(os.availableParallelism());
const WARM_UP_SECONDS = 3;
const serverUrl = process.env.DATABASE_URL;
export const database = serverUrl ? 'postgres' : 'pglite';

/**
 * The ten-times benchmarks' two modes on one seeded database: the short caches on, then off. Targets on
 * PostgreSQL: p99 < 40 ms with the caches; p99 < 60 ms and ≥ 5% of the bare-Fastify ceiling without them
 * (the database's own work, no cache in front). On PGlite (the zero-setup default, sized for every
 * practising lawyer in Spain) p99 < 100 ms with the caches, and the rest reported.
 */
export const CACHE_MODES =
  database === 'postgres'
    ? [
        { label: 'caches on', env: {}, targets: { maxP99: 40 } },
        { label: 'caches off', env: { BENCH_CACHES: 'off' }, targets: { minRatio: 0.05, maxP99: 60 } },
      ]
    : [
        { label: 'caches on', env: {}, targets: { maxP99: 100 } },
        { label: 'caches off', env: { BENCH_CACHES: 'off' }, targets: {} },
      ];

const here = path.dirname(new URL(import.meta.url).pathname);

const round = (r) => ({
  rps: fixed(r.rps),
  p50: r.p50,
  p99: r.p99,
  max: r.max,
  non2xx: r.non2xx,
  errors: r.errors,
});

/** Judges one mode's medians against its targets. */
function judge(result, rounds, targets) {
  const failures = [];
  if (targets.minRatio && result.ratio < targets.minRatio)
    failures.push(`ratio ${result.ratio} < ${targets.minRatio}`);
  if (targets.maxP99 && result.listingP99 >= targets.maxP99)
    failures.push(`p99 ${result.listingP99} ms ≥ ${targets.maxP99} ms`);
  if (rounds.some((r) => r.listing.non2xx || r.listing.errors)) failures.push('requests failed');
  return failures;
}

/**
 * Runs one listing benchmark. `app` is the child script (it reports `{port, token, seed, ...}`);
 * `requests(app)` what to load: `{ paths }` (every connection walks the same list) or `{ setupClient,
 * drawn }` (each connection its own draw, query-mix.mjs); `check(app)` extra failures (unindexed plans...).
 *
 * `modes` run one after the other on the same seeded database, each with the app started anew with the
 * mode's environment (the first one seeds; the next ones get BENCH_SEED=skip): for example the caches on,
 * then off. Without `modes`, one mode with `targets`. BENCH_MODE=<label> ('caches on') runs that mode
 * alone. `env` goes to every start of the app; fewer than `minDistinct` distinct requests sent is a failure.
 */
export async function runListingBench({
  name,
  app: appScript,
  requests,
  targets,
  modes: allModes = [{ label: 'default', env: {}, targets }],
  env = {},
  settings = {},
  check = () => [],
  minDistinct = 0,
}) {
  const only = process.env.BENCH_MODE;
  const modes = only ? allModes.filter((mode) => mode.label === only) : allModes;
  if (modes.length === 0) throw new Error(`BENCH_MODE=${only}: no such mode`);
  const db = await throwAwayDatabase('bench');
  const servers = [];
  let seed;
  let explain;
  const results = [];
  try {
    const hello = await startServer(path.join(here, 'hello-server.mjs'), { label: 'hello' });
    servers.push(hello);
    const helloLoad = { url: `http://127.0.0.1:${hello.port}/`, connections: CONNECTIONS };
    let mix;
    for (const [index, mode] of modes.entries()) {
      const app = await startServer(appScript, {
        env: {
          ...db.env,
          DB_POOL_SIZE: DB_POOL,
          ...env,
          ...mode.env,
          ...(index > 0 || db.seeded ? { BENCH_SEED: 'skip' } : {}),
        },
        label: `app (${mode.label})`,
      });
      try {
        if (index === 0) {
          seed = app.seed;
          explain = app.explain;
          console.log(`seeded: ${JSON.stringify(seed)}`);
          if (database === 'postgres') console.log(`the app's PostgreSQL pool: ${DB_POOL} connections`);
          for (const line of explain ?? []) {
            console.log(
              `  EXPLAIN ${line.label.padEnd(28)} page: ${line.page.join(', ')}${line.indexed ? '' : '  ← NO INDEX'}`,
            );
          }
          mix = requests(app);
        }
        // the directory's index in memory (ADR 0042), loaded before the rounds
        if (app.seed?.index) console.log(`app (${mode.label}): index loaded in ${app.seed.index.seconds} s`);
        const appLoad = {
          url: `http://127.0.0.1:${app.port}`,
          connections: CONNECTIONS,
          headers: { authorization: `Bearer ${app.token}` },
          ...(mix.paths
            ? { requests: mix.paths.map((p) => ({ method: 'GET', path: p })) }
            : { setupClient: mix.setupClient }),
        };
        await load({ ...appLoad, duration: WARM_UP_SECONDS });
        await load({ ...helloLoad, duration: WARM_UP_SECONDS });
        const rounds = [];
        for (let i = 1; i <= ROUNDS; i++) {
          const ceiling = await load({ ...helloLoad, duration: SECONDS });
          const listing = await load({ ...appLoad, duration: SECONDS });
          const ratio = listing.rps / ceiling.rps;
          rounds.push({ ceiling: round(ceiling), listing: round(listing), ratio: fixed(ratio, 3) });
          console.log(
            `${mode.label} round ${i}: ${name} ${fixed(listing.rps)} req/s p50 ${listing.p50} ms p99 ${listing.p99} ms` +
              ` | ceiling ${fixed(ceiling.rps)} req/s | ${fixed(ratio * 100)}% of the ceiling` +
              (listing.non2xx || listing.errors
                ? ` | ${listing.non2xx} non-2xx, ${listing.errors} errors`
                : ''),
          );
        }
        const result = {
          listingRps: fixed(median(rounds.map((r) => r.listing.rps))),
          listingP50: median(rounds.map((r) => r.listing.p50)),
          listingP99: median(rounds.map((r) => r.listing.p99)),
          ceilingRps: fixed(median(rounds.map((r) => r.ceiling.rps))),
          ratio: fixed(median(rounds.map((r) => r.ratio)), 3),
        };
        const failures = judge(result, rounds, mode.targets);
        results.push({ mode: mode.label, targets: mode.targets, rounds, median: result, failures });
        console.log(
          `${mode.label} median: ${result.listingRps} req/s, p50 ${result.listingP50} ms, p99 ${result.listingP99} ms,` +
            ` ${fixed(result.ratio * 100)}% of ${result.ceilingRps} req/s (ceiling)` +
            ` — targets ${failures.length ? `MISSED: ${failures.join('; ')}` : 'met'}`,
        );
      } finally {
        await app.stop();
      }
    }

    const distinct = mix.drawn ? mix.drawn.size : new Set(mix.paths).size;
    const failures = [
      ...results.flatMap((r) => r.failures.map((failure) => `${r.mode}: ${failure}`)),
      ...check({ seed, explain }),
      ...(distinct < minDistinct ? [`only ${distinct} distinct requests sent (< ${minDistinct})`] : []),
    ];
    const file = writeResults(name, database, {
      bench: name,
      date: new Date().toISOString(),
      database,
      machine: machine(),
      settings: {
        ...settings,
        connections: CONNECTIONS,
        ...(database === 'postgres' ? { databasePool: Number(DB_POOL) } : {}),
        seconds: SECONDS,
        rounds: ROUNDS,
        distinctRequests: distinct,
        ...(mix.pool ? { pool: mix.pool } : {}),
      },
      seed,
      explain,
      modes: results,
      passed: failures.length === 0,
      failures,
    });
    console.log(`distinct requests sent: ${distinct}`);
    console.log(`targets (${database}): ${failures.length ? `MISSED — ${failures.join('; ')}` : 'met'}`);
    console.log(`results: ${path.relative(ROOT, file)}`);
    return failures.length === 0;
  } finally {
    for (const server of servers) await server.stop();
    await db.drop();
  }
}

/** Runs `main` and exits 0 when its targets were met, 1 otherwise. */
export function exitWith(main) {
  main().then(
    (passed) => process.exit(passed ? 0 : 1),
    (err) => {
      console.error(err);
      process.exit(1);
    },
  );
}
