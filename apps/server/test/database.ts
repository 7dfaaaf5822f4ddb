import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { SQL } from 'drizzle-orm';
import pg from 'pg';
import {
  type Database,
  type DatabaseTimeouts,
  migrateDatabase,
  openPglite,
  openPostgres,
  wrapPglite,
} from '../src/db/database.ts';

/**
 * Test databases. By default, embedded PGlite: the template is migrated once and dumped to a file, and
 * each test file loads its own copy. With DATABASE_URL set, the same on that PostgreSQL server: a
 * migrated template database, and a fresh database per test file created from it.
 */
const serverUrl = process.env.DATABASE_URL;

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

async function admin<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

export async function prepareTemplate(): Promise<{ reference: string; dispose: () => Promise<void> }> {
  if (serverUrl) {
    const name = `l4l_template_${process.pid}_${randomBytes(3).toString('hex')}`;
    await admin(serverUrl, (c) => c.query(`create database ${name}`));
    const database = await openPostgres(withDatabase(serverUrl, name), { max: 1 });
    await migrateDatabase(database);
    await database.close();
    return {
      reference: `postgres:${name}`,
      dispose: () =>
        admin(serverUrl, (c) => c.query(`drop database if exists ${name} with (force)`)).then(() => {}),
    };
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'l4l-template-'));
  const database = await openPglite(undefined);
  await migrateDatabase(database);
  const client = (database.db as unknown as { $client: PGlite }).$client;
  const dump = await client.dumpDataDir('none');
  const file = path.join(dir, 'template.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await database.close();
  return { reference: `pglite:${file}`, dispose: async () => rmSync(dir, { recursive: true, force: true }) };
}

/**
 * A fresh, migrated database of its own for one test file. Close it in afterAll. On PostgreSQL the pool
 * has the size and timeouts given (a test app passes its configuration's, as the app does).
 */
export async function openTestDatabase(
  reference: string,
  pool: { max?: number; timeouts?: DatabaseTimeouts } = {},
): Promise<Database> {
  if (reference.startsWith('postgres:')) {
    if (!serverUrl) throw new Error('DATABASE_URL is needed for a PostgreSQL test database');
    const template = reference.slice('postgres:'.length);
    const name = `l4l_test_${process.pid}_${randomBytes(4).toString('hex')}`;
    // CREATE DATABASE ... TEMPLATE fails while another copy is being made: retry briefly
    for (let attempt = 0; ; attempt++) {
      try {
        await admin(serverUrl, (c) => c.query(`create database ${name} template ${template}`));
        break;
      } catch (err) {
        if (attempt >= 20) throw err;
        await new Promise((r) => setTimeout(r, 100 + Math.random() * 200));
      }
    }
    const database = await openPostgres(withDatabase(serverUrl, name), pool);
    return {
      ...database,
      close: async () => {
        await database.close();
        await admin(serverUrl, (c) => c.query(`drop database if exists ${name} with (force)`));
      },
    };
  }
  const file = reference.slice('pglite:'.length);
  const client = await PGlite.create({ loadDataDir: new Blob([readFileSync(file)]) });
  return wrapPglite(client);
}

/**
 * A bulk seed over the numbers 1..`total`, `statement(from, to)` writing one range of them. PostgreSQL gets
 * 5,000 a statement: a seed of tens of thousands of rows in one, the search projections filled by their
 * triggers, outlasted its statement timeout on a busy machine. The embedded database has no timeout and takes
 * one statement fastest (50,010 lawyers: 11 s in one, 49 s in ten), so it gets them all at once.
 */
export async function seedInRanges(
  database: Database,
  total: number,
  statement: (from: number, to: number) => SQL,
): Promise<void> {
  const size = database.kind === 'postgres' ? 5_000 : total;
  for (let from = 1; from <= total; from += size) {
    await database.db.execute(statement(from, Math.min(from + size - 1, total)));
  }
}
