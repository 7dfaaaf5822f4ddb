/**
 * Child process of bench/board.mjs (run with `--import tsx`): opens the database the real app would open
 * (DATABASE_URL, or PGlite under DATA_DIR), fills it with BENCH_LAWYERS lawyers, BENCH_CLIENTS clients and
 * BENCH_CASES cases in bulk SQL, then listens on a free port and reports `{port, token, seed}` with the
 * session of one of the lawyers (the board is theirs). BENCH_SEED=skip opens a database an earlier run
 * seeded; BENCH_CACHES=off starts the app with the board's short caches off (`shortCaches`).
 */
import { eq } from 'drizzle-orm';
import { buildApp } from '../../apps/server/src/app.ts';
import { users } from '../../apps/server/src/db/schema/index.ts';
import { benchConfig, seedDatabase } from './bench-config.mjs';
import { seedCases } from './seed-cases.mjs';
import { seedLawyers } from './seed-lawyers.mjs';
import { traceIfAsked } from './server-trace.mjs';

const pglite = !process.env.DATABASE_URL;
const LAWYERS = Number(process.env.BENCH_LAWYERS ?? 100_000);
// PGlite is the zero-setup default, not the production database: a tenth of the cases there
const CASES = Number(process.env.BENCH_CASES ?? (pglite ? 100_000 : 1_000_000));
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? Math.max(1000, CASES / 20));

const config = benchConfig();
const app = await buildApp(config);
const fresh = process.env.BENCH_SEED !== 'skip';
const seeding = await seedDatabase(app);
const lawyers = fresh ? await seedLawyers(seeding.db, LAWYERS) : { lawyers: LAWYERS };
const cases = fresh ? await seedCases(seeding.db, { count: CASES, clients: CLIENTS, lawyers: LAWYERS }) : {};
await seeding.close();
const [lawyer] = await app.db.select().from(users).where(eq(users.mail, 'abogado1@bench.l4l'));
const token = await app.sessions.create(lawyer, { persistent: false });
// BENCH_TRACE=<file>: what each request cost the server's thread (lib/server-trace.mjs), a file per mode
traceIfAsked(app);
await app.listen({ port: 0, host: '127.0.0.1' });
// the board's index (ADR 0042) loads once the server is ready; the rounds measure the server it makes
const indexing = performance.now();
await app.cases.warmBoard();
const index = { seconds: Math.round((performance.now() - indexing) / 100) / 10 };
process.send?.({
  ready: { port: app.server.address().port, token, seed: { lawyers: lawyers.lawyers, ...cases, index } },
});
process.on('SIGTERM', () => app.close().then(() => process.exit(0)));
