/**
 * The configuration every benchmark's app child starts with: production mode (what is measured is what
 * would serve people), the database the harness gave it (DATABASE_URL or a PGlite folder under DATA_DIR),
 * fresh secrets for this run only, the platform's fiscal data production requires, and the sandbox
 * checkout (no card is charged in a benchmark). `env` adds or overrides variables; `overrides` goes to
 * `loadConfig` as is; DB_POOL_SIZE and HTTP_LISTEN_BACKLOG pass through. BENCH_CACHES=off turns the directory's and board's short caches off.
 */
import { randomBytes } from 'node:crypto';
import { DEMO_PLATFORM, loadConfig } from '../../apps/server/src/config.ts';
import { openPostgres } from '../../apps/server/src/db/database.ts';

export function benchConfig(env = {}, overrides = {}) {
  return loadConfig(
    {
      NODE_ENV: 'production',
      DATA_DIR: process.env.DATA_DIR,
      DATABASE_URL: process.env.DATABASE_URL ?? '',
      DB_POOL_SIZE: process.env.DB_POOL_SIZE,
      HTTP_LISTEN_BACKLOG: process.env.HTTP_LISTEN_BACKLOG,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'silent',
      JWT_SECRET: randomBytes(32).toString('hex'),
      FILES_KEY: randomBytes(32).toString('hex'),
      PLATFORM_NIF: DEMO_PLATFORM.nif,
      PLATFORM_NAME: DEMO_PLATFORM.name,
      PLATFORM_ADDRESS: DEMO_PLATFORM.address,
      ALLOW_SANDBOX_PAYMENTS: 'true',
      ...env,
    },
    { webDist: undefined, shortCaches: process.env.BENCH_CACHES !== 'off', ...overrides },
  );
}

/**
 * The database a benchmark's bulk seed writes through: on PostgreSQL a pool of its own whose statements may
 * run for up to an hour (a million-row INSERT on a busy machine outlasts the app's 10-second
 * statement_timeout, which stays as it is for what is measured); on PGlite the app's own database.
 */
export async function seedDatabase(app) {
  if (app.database?.kind !== 'postgres' || !process.env.DATABASE_URL)
    return { db: app.db, close: async () => {} };
  const hour = 3_600_000;
  const seeding = await openPostgres(process.env.DATABASE_URL, {
    max: 2,
    timeouts: { connectTimeoutMs: 10_000, statementTimeoutMs: hour },
  });
  return { db: seeding.db, close: () => seeding.close() };
}
