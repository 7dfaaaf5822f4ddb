import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { lockDataDir } from './data-lock.ts';

/**
 * Backups of either database (docs/operations.md, Backups). The embedded one: PGlite's own dump of its
 * data folder (a gzipped tar), taken and loaded under the folder's lock, so never while the server runs.
 * PostgreSQL: pg_dump's custom format and pg_restore, which must be installed (the PostgreSQL client).
 */
export type BackupTarget = { databaseUrl: string | undefined; dataDir: string };

export class BackupError extends Error {
  override name = 'BackupError';
}

const embeddedFolder = (target: BackupTarget) => path.join(target.dataDir, 'db');

/** The URL without its password, and the password apart (so it never shows in the process list). */
function connection(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  return { dbname: parsed.toString(), env: password ? { PGPASSWORD: password } : {} };
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let errors = '';
    child.stderr.on('data', (chunk) => {
      errors += chunk;
    });
    child.once('error', (err: NodeJS.ErrnoException) =>
      reject(
        new BackupError(
          err.code === 'ENOENT'
            ? `No se encuentra ${command}: instala el cliente de PostgreSQL (apt-get install postgresql-client).`
            : `${command}: ${err.message}`,
        ),
      ),
    );
    child.once('exit', (code) =>
      code === 0
        ? resolve()
        : reject(new BackupError(`${command} terminó con el código ${code}: ${errors.trim()}`)),
    );
  });
}

/** Writes a backup of the configured database to `file`; returns its size in bytes. */
export async function backupDatabase(target: BackupTarget, file: string): Promise<number> {
  mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  if (target.databaseUrl) {
    const { dbname, env } = connection(target.databaseUrl);
    await run('pg_dump', ['--format=custom', '--no-owner', `--file=${file}`, `--dbname=${dbname}`], env);
  } else {
    const folder = embeddedFolder(target);
    if (!existsSync(folder)) throw new BackupError(`No hay base de datos integrada en ${folder}.`);
    const release = lockDataDir(folder);
    try {
      const client = await PGlite.create(folder);
      try {
        const dump = await client.dumpDataDir('gzip');
        writeFileSync(file, Buffer.from(await dump.arrayBuffer()), { mode: 0o600 });
      } finally {
        await client.close();
      }
    } finally {
      release();
    }
  }
  return statSync(file).size;
}

/**
 * Replaces the configured database's contents with the backup in `file`. PostgreSQL: pg_restore drops and
 * recreates every object of the backup, in one transaction. Embedded: the current folder is kept beside it
 * (`db.before-restore-<time>`) and the backup is loaded into a new one.
 */
export async function restoreDatabase(target: BackupTarget, file: string): Promise<{ keptAs?: string }> {
  if (!existsSync(file)) throw new BackupError(`No existe la copia ${file}.`);
  if (target.databaseUrl) {
    const { dbname, env } = connection(target.databaseUrl);
    await run(
      'pg_restore',
      [
        '--clean',
        '--if-exists',
        '--no-owner',
        '--single-transaction',
        '--exit-on-error',
        `--dbname=${dbname}`,
        file,
      ],
      env,
    );
    return {};
  }
  const folder = embeddedFolder(target);
  mkdirSync(target.dataDir, { recursive: true });
  const release = lockDataDir(folder);
  try {
    let keptAs: string | undefined;
    if (existsSync(folder)) {
      keptAs = `${folder}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`;
      renameSync(folder, keptAs);
    }
    try {
      const client = await PGlite.create(folder, { loadDataDir: new Blob([readFileSync(file)]) });
      await client.query('select 1');
      await client.close();
    } catch (err) {
      // the backup could not be loaded: the previous data goes back where it was
      if (keptAs) {
        const failed = `${folder}.failed-restore-${Date.now()}`;
        if (existsSync(folder)) renameSync(folder, failed);
        renameSync(keptAs, folder);
      }
      throw new BackupError(`La copia ${file} no se ha podido cargar: ${(err as Error).message}`);
    }
    return keptAs ? { keptAs } : {};
  } finally {
    release();
  }
}
