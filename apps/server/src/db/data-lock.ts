import { readFileSync, unlinkSync, writeFileSync } from 'node:fs';

/**
 * One process at a time on an embedded database folder. PGlite keeps the database in the memory of the
 * process that opened it and writes it back on its own schedule: a second process (a second server, or a
 * CLI such as `npm run admin:create` while the server runs) works on its own copy, and one of the two
 * silently loses its writes. So the folder is locked by a file holding the owner's PID; a lock whose
 * process is gone (a crash, a killed container) is taken over.
 */
export class DataDirLockedError extends Error {
  override name = 'DataDirLockedError';
  constructor(
    readonly lockFile: string,
    readonly pid: number,
  ) {
    super(
      `La base de datos integrada (${lockFile.replace(/\.lock$/, '')}) ya está abierta por el proceso ${pid}: ` +
        'detén ese proceso (el servidor) antes de usar esta orden, o usa PostgreSQL (DATABASE_URL) para ' +
        `varios procesos. Si ese proceso ya no es de L4L, borra ${lockFile}.\n` +
        `The embedded database is already open by process ${pid}: stop it (the server) first, or use ` +
        `PostgreSQL (DATABASE_URL) for several processes. If that process is not L4L, delete ${lockFile}.`,
    );
  }
}

/** The folders this process holds: a PID equal to ours in a lock file we do not hold is a stale one. */
const held = new Set<string>();

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: it exists, under another user
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function ownerOf(lockFile: string): number | undefined {
  try {
    const pid = Number(JSON.parse(readFileSync(lockFile, 'utf8')).pid);
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Takes `<folder>.lock` for this process, or throws DataDirLockedError naming the process that holds it.
 * Returns the release (also run at exit, should the process end without closing the database).
 */
export function lockDataDir(folder: string): () => void {
  const lockFile = `${folder}.lock`;
  for (let attempt = 0; ; attempt++) {
    try {
      writeFileSync(lockFile, JSON.stringify({ pid: process.pid, since: new Date().toISOString() }), {
        flag: 'wx',
        mode: 0o600,
      });
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const pid = ownerOf(lockFile);
      const stale =
        pid === undefined ? attempt === 0 : pid === process.pid ? !held.has(lockFile) : !alive(pid);
      // a second try that still finds a lock: another process took it over in between
      if (!stale || attempt > 0) throw new DataDirLockedError(lockFile, pid ?? 0);
      unlinkSync(lockFile);
    }
  }
  held.add(lockFile);
  const release = () => {
    if (!held.delete(lockFile)) return;
    process.off('exit', release);
    if (ownerOf(lockFile) === process.pid) unlinkSync(lockFile);
  };
  process.on('exit', release);
  return release;
}
