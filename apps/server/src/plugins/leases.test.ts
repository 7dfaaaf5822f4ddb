import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, inject, it, vi } from 'vitest';
import { TEST_FILES_KEY, TEST_PLATFORM } from '../../test/app.ts';
import { openTestDatabase } from '../../test/database.ts';
import { postgresPass } from '../../test/passes.ts';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import type { Database } from '../db/database.ts';

/** A whole app on `database` that sends mails by itself, so it asks for the mail and scheduler leases. */
async function appOn(database: Database, dirs: string[]) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'l4l-leases-'));
  dirs.push(dataDir);
  const config = loadConfig(
    { NODE_ENV: 'test', DATA_DIR: dataDir, SEED_DEMO: 'false', FILES_KEY: TEST_FILES_KEY, ...TEST_PLATFORM },
    { jwtSecret: 'test-secret-that-is-long-enough-to-sign-tokens', webDist: undefined },
  );
  const app = await buildApp(config, {
    database,
    leases: { retryMs: 50 },
    notifications: { autoSend: true },
  });
  await app.ready();
  return app;
}

type App = Awaited<ReturnType<typeof appOn>>;
const holding = (apps: App[]) =>
  apps.map((app) => [app.leases.holds('mail'), app.leases.holds('scheduler')].join('+'));

describe('leases: one mail worker and one scheduler at a time (docs/operations.md, Several processes)', () => {
  const dirs: string[] = [];
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  // each pass of the tests covers its own kind of database (test/passes.ts)
  const template = inject('dbTemplate');

  it.skipIf(postgresPass())(
    'the embedded database: the one process holds every lease from its start, and hands a late follower its start',
    async () => {
      const database = await openTestDatabase(template);
      const app = await appOn(database, dirs);
      try {
        expect(holding([app])).toEqual(['true+true']);
        const started = vi.fn();
        const stopped = vi.fn();
        app.leases.follow('scheduler', { start: started, stop: stopped });
        expect(started).toHaveBeenCalledTimes(1);
        await app.close();
        expect(stopped).toHaveBeenCalledTimes(1);
        expect(holding([app])).toEqual(['false+false']);
      } finally {
        await app.close();
        await database.close();
      }
    },
  );

  it.skipIf(!postgresPass())(
    'two processes on one PostgreSQL: one holds, the other takes over when the holder dies or closes',
    async () => {
      const database = await openTestDatabase(template);
      // each app holds its leases on a connection of its own, as two processes would
      const apps = [await appOn(database, dirs), await appOn(database, dirs)];
      const [first, second] = apps as [App, App];
      try {
        await vi.waitFor(() => expect(holding(apps)).toEqual(['true+true', 'false+false']), {
          timeout: 10_000,
        });
        // many tries later, still one holder
        await new Promise((resolve) => setTimeout(resolve, 300));
        expect(holding(apps)).toEqual(['true+true', 'false+false']);

        // the holder's connection dies (as with its process): its work stops, the other takes the leases
        const stops = vi.fn();
        first.leases.follow('mail', { stop: stops });
        const killed = await database.pool?.query<{ pid: number }>(
          `select pg_terminate_backend(pid), pid from pg_locks
           where locktype = 'advisory' and classid = 4141415 and granted group by pid`,
        );
        expect(killed?.rows).toHaveLength(1);
        await vi.waitFor(() => expect(holding(apps)).toEqual(['false+false', 'true+true']), {
          timeout: 10_000,
        });
        expect(stops).toHaveBeenCalledTimes(1);
        // the first process connects again and keeps trying, without taking them back
        await new Promise((resolve) => setTimeout(resolve, 300));
        expect(holding(apps)).toEqual(['false+false', 'true+true']);

        // the holder closes: the first process takes over
        await second.close();
        await vi.waitFor(
          () => expect(first.leases.holds('mail') && first.leases.holds('scheduler')).toBe(true),
          {
            timeout: 10_000,
          },
        );
      } finally {
        for (const app of apps) await app.close();
        await database.close();
      }
    },
  );
});
