import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { BackupError, backupDatabase, restoreDatabase } from './backup.ts';
import { DataDirLockedError } from './data-lock.ts';
import { type Database, openConfiguredDatabase } from './database.ts';
import { users } from './schema/index.ts';

const folders: string[] = [];
const folder = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'l4l-backup-'));
  folders.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of folders) rmSync(dir, { recursive: true, force: true });
});

const account = (mail: string) => ({
  role: 'USUARIO' as const,
  mail,
  passwordHash: 'x',
  name: 'Ana',
  surname: 'Copia',
  username: `ana-${mail.split('@')[0]}`,
});

async function mails(database: Database): Promise<string[]> {
  const rows = await database.db.select({ mail: users.mail }).from(users);
  return rows.map((row) => row.mail).sort();
}

/** Writes two accounts, backs up, changes the data, restores: the two accounts are back, the change gone. */
async function roundTrip(target: { databaseUrl: string | undefined; dataDir: string }, file: string) {
  let database = await openConfiguredDatabase(target);
  await database.db.insert(users).values([account('uno@l4l.test'), account('dos@l4l.test')]);
  await database.close();

  expect(await backupDatabase(target, file)).toBeGreaterThan(1000);

  database = await openConfiguredDatabase(target);
  await database.db.delete(users).where(eq(users.mail, 'uno@l4l.test'));
  await database.db.insert(users).values(account('tres@l4l.test'));
  expect(await mails(database)).toEqual(['dos@l4l.test', 'tres@l4l.test']);
  await database.close();

  const restored = await restoreDatabase(target, file);
  database = await openConfiguredDatabase(target);
  try {
    expect(await mails(database)).toEqual(['dos@l4l.test', 'uno@l4l.test']);
  } finally {
    await database.close();
  }
  return restored;
}

describe('db:backup and db:restore on the embedded database', () => {
  it('round-trips the data and keeps the replaced folder beside it', async () => {
    const dataDir = folder();
    const restored = await roundTrip({ databaseUrl: undefined, dataDir }, path.join(dataDir, 'copia.tar.gz'));
    expect(restored.keptAs).toMatch(/db\.before-restore-/);
    expect(readdirSync(dataDir).filter((name) => name.startsWith('db.before-restore-'))).toHaveLength(1);
  }, 120_000);

  it('refuses while another holder has the folder open, and on a file that is not a backup', async () => {
    const dataDir = folder();
    const target = { databaseUrl: undefined, dataDir };
    const database = await openConfiguredDatabase(target);
    try {
      await expect(backupDatabase(target, path.join(dataDir, 'x.tar.gz'))).rejects.toBeInstanceOf(
        DataDirLockedError,
      );
      await expect(restoreDatabase(target, path.join(dataDir, 'x.tar.gz'))).rejects.toBeInstanceOf(
        BackupError,
      );
    } finally {
      await database.close();
    }
    const junk = path.join(dataDir, 'junk.tar.gz');
    writeFileSync(junk, 'this is not a backup');
    await expect(restoreDatabase(target, junk)).rejects.toBeInstanceOf(BackupError);
    // the data that was there is still in place and opens
    const again = await openConfiguredDatabase(target);
    await again.close();
    expect(existsSync(path.join(dataDir, 'db'))).toBe(true);
  }, 120_000);
});

const serverUrl = process.env.DATABASE_URL;
const hasPgDump = spawnSync('pg_dump', ['--version']).status === 0;

describe.skipIf(!serverUrl || !hasPgDump)(
  'db:backup and db:restore on PostgreSQL (pg_dump, pg_restore)',
  () => {
    it('round-trips the data', async () => {
      const name = `l4l_backup_${process.pid}_${Date.now()}`;
      const admin = new pg.Client({ connectionString: serverUrl });
      await admin.connect();
      await admin.query(`create database ${name}`);
      const url = new URL(serverUrl as string);
      url.pathname = `/${name}`;
      try {
        const dataDir = folder();
        await roundTrip({ databaseUrl: url.toString(), dataDir }, path.join(dataDir, 'copia.pgdump'));
      } finally {
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
      }
    }, 120_000);
  },
);
