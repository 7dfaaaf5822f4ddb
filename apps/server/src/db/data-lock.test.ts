import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { postgresPass } from '../../test/passes.ts';
import { freePort, startServerProcess } from '../../test/server-process.ts';
import { DataDirLockedError, lockDataDir } from './data-lock.ts';
import { openPglite } from './database.ts';

const root = path.resolve(import.meta.dirname, '../../../..');
const folders: string[] = [];
const folder = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'l4l-lock-'));
  folders.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of folders) rmSync(dir, { recursive: true, force: true });
});

/** The PID of a process that has already ended. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']);
  return Number(child.stdout.toString());
}

describe.skipIf(postgresPass())('the embedded data folder lock', () => {
  it('lets one holder at a time, names it to the next, and frees the folder on release', () => {
    const db = path.join(folder(), 'db');
    const release = lockDataDir(db);
    expect(JSON.parse(readFileSync(`${db}.lock`, 'utf8')).pid).toBe(process.pid);
    let refused: unknown;
    try {
      lockDataDir(db);
    } catch (err) {
      refused = err;
    }
    expect(refused).toBeInstanceOf(DataDirLockedError);
    expect((refused as Error).message).toMatch(/ya está abierta por el proceso \d+/);
    expect((refused as Error).message).toMatch(/already open by process \d+/);
    release();
    expect(existsSync(`${db}.lock`)).toBe(false);
    lockDataDir(db)();
  });

  it('takes over a lock left by a process that is gone, and one with our own PID we do not hold', () => {
    const db = path.join(folder(), 'db');
    writeFileSync(`${db}.lock`, JSON.stringify({ pid: deadPid() }));
    const release = lockDataDir(db);
    expect(JSON.parse(readFileSync(`${db}.lock`, 'utf8')).pid).toBe(process.pid);
    release();
    // a container restarted with the same PID (1) finds its own PID in a lock it never took
    writeFileSync(`${db}.lock`, JSON.stringify({ pid: process.pid }));
    lockDataDir(db)();
    writeFileSync(`${db}.lock`, 'not json');
    lockDataDir(db)();
  });

  it('is held by an open embedded database until it closes', async () => {
    const db = path.join(folder(), 'db');
    const database = await openPglite(db);
    await expect(openPglite(db)).rejects.toBeInstanceOf(DataDirLockedError);
    await database.close();
    const again = await openPglite(db);
    await again.close();
    expect(existsSync(`${db}.lock`)).toBe(false);
    // two embedded databases created and migrated: a busy machine needs more than the default 30 s
  }, 120_000);

  it('makes admin:create and db:migrate refuse while the server runs, and work once it stops', async () => {
    const dataDir = folder();
    const env = {
      ...process.env,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      NODE_ENV: 'development',
      SEED_DEMO: 'false',
    };
    const run = (args: string[]) =>
      new Promise<{ code: number | null; output: string }>((resolve) => {
        const child = spawn(process.execPath, ['--import', 'tsx', ...args], { cwd: root, env });
        let output = '';
        child.stdout.on('data', (chunk) => {
          output += chunk;
        });
        child.stderr.on('data', (chunk) => {
          output += chunk;
        });
        child.once('exit', (code) => resolve({ code, output }));
      });
    const createAdmin = () =>
      run([
        'apps/server/scripts/admin-create.ts',
        '--email',
        'ana.admin@l4l.test',
        '--password',
        'Clave-Segura-2026',
      ]);

    const server = await startServerProcess(await freePort(), { DATA_DIR: dataDir, SEED_DEMO: 'false' });
    try {
      const refused = await createAdmin();
      expect(refused.code).toBe(1);
      expect(refused.output).toContain(`ya está abierta por el proceso ${server.process.pid}`);
      expect(refused.output).toContain('already open by process');
      expect(refused.output).not.toContain('Administrador creado');
      const migrate = await run(['apps/server/scripts/db-migrate.ts']);
      expect(migrate.code).toBe(1);
      expect(migrate.output).toContain('ya está abierta');
      // the server still serves, on the one copy of the data
      expect((await fetch(`${server.base}/api/health`)).status).toBe(200);
    } finally {
      expect(await server.stop()).toBe(0);
    }
    expect(existsSync(path.join(dataDir, 'db.lock'))).toBe(false);

    const created = await createAdmin();
    expect(created.output).toContain('Administrador creado: ana.admin@l4l.test');
    expect(created.code).toBe(0);
    const migrated = await run(['apps/server/scripts/db-migrate.ts']);
    expect(migrated.output).toContain('Migraciones aplicadas');
    expect(migrated.code).toBe(0);

    // the account is in the data the server opens next
    const again = await openPglite(path.join(dataDir, 'db'));
    try {
      const { rows } = await (
        again.db as unknown as { $client: { query: (q: string) => Promise<{ rows: unknown[] }> } }
      ).$client.query("select mail from users where mail = 'ana.admin@l4l.test'");
      expect(rows).toHaveLength(1);
    } finally {
      await again.close();
    }
  }, 180_000);
});
