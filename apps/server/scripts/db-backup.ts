/**
 * `npm run db:backup [-- --file F]`: a backup of the configured database (docs/operations.md, Backups).
 * Embedded database (DATA_DIR): stop the server first; the copy is PGlite's gzipped dump of its folder.
 * PostgreSQL (DATABASE_URL): pg_dump's custom format, taken while the servers run.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { BackupError, backupDatabase } from '../src/db/backup.ts';
import { DataDirLockedError } from '../src/db/data-lock.ts';
import { cliConfig, fail } from './cli.ts';

const config = cliConfig();
const { values } = parseArgs({ options: { file: { type: 'string' } } });
const stamp = new Date().toISOString().replace(/[:.]/g, '-');
const file = path.resolve(
  values.file ?? path.join('backups', `l4l-${stamp}.${config.databaseUrl ? 'pgdump' : 'tar.gz'}`),
);
try {
  const bytes = await backupDatabase(config, file);
  process.stdout.write(`Copia de seguridad guardada en ${file} (${Math.ceil(bytes / 1024)} KiB).\n`);
} catch (err) {
  fail(err instanceof BackupError || err instanceof DataDirLockedError ? err.message : String(err));
}
