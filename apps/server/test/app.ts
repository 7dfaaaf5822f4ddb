import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import { type AppDeps, buildApp } from '../src/app.ts';
import { type Config, loadConfig } from '../src/config.ts';
import { openTestDatabase } from './database.ts';

/**
 * The real app on a fresh database of its own, with a private data folder (uploads, outbox).
 * Call `close()` in afterAll: it closes the app, the database and removes the folder.
 */
/** The platform's fiscal identity, which production requires: a test app in production mode has one. */
export const TEST_PLATFORM = {
  PLATFORM_NIF: 'B19874361',
  PLATFORM_NAME: 'L4L Plataforma Legal, S.L.',
  PLATFORM_ADDRESS: 'Calle de Serrano, 41, 28001 Madrid',
};

/** The key that seals documents at rest, which production requires (32 bytes, base64). */
export const TEST_FILES_KEY = Buffer.alloc(32, 7).toString('base64');

export async function buildTestApp(
  overrides: Partial<Config> = {},
  env: NodeJS.ProcessEnv = {},
  deps: Pick<AppDeps, 'notifications' | 'money' | 'retention' | 'alerts' | 'consultations'> = {},
) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'l4l-test-'));
  const config = loadConfig(
    {
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      SEED_DEMO: 'false',
      FILES_KEY: TEST_FILES_KEY,
      ...TEST_PLATFORM,
      ...env,
    },
    { jwtSecret: 'test-secret-that-is-long-enough-to-sign-tokens', webDist: undefined, ...overrides },
  );
  const database = await openTestDatabase(inject('dbTemplate'), {
    max: config.dbPoolSize,
    timeouts: config.db,
  });
  const routes: Array<{ method: string; url: string }> = [];
  const app = await buildApp(config, {
    ...deps,
    database,
    onRoute: ({ method, url }) => {
      for (const one of [method].flat()) if (one !== 'HEAD') routes.push({ method: one, url });
    },
  });
  await app.ready();
  return {
    app,
    database,
    config,
    /** every route the app serves (method and path pattern), in registration order */
    routes,
    close: async () => {
      await app.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
