/**
 * The configuration every benchmark's app child starts with: production mode (what is measured is what
 * would serve people), the database the harness gave it (DATABASE_URL or a PGlite folder under DATA_DIR),
 * fresh secrets for this run only, the platform's fiscal data production requires, and the sandbox
 * checkout (no card is charged in a benchmark). `env` adds or overrides variables; `overrides` goes to
 * `loadConfig` as is. BENCH_CACHES=off turns the directory's and board's short caches off.
 */
import { randomBytes } from 'node:crypto';
import { DEMO_PLATFORM, loadConfig } from '../../apps/server/src/config.ts';

export function benchConfig(env = {}, overrides = {}) {
  return loadConfig(
    {
      NODE_ENV: 'production',
      DATA_DIR: process.env.DATA_DIR,
      DATABASE_URL: process.env.DATABASE_URL ?? '',
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
