/**
 * `npm run db:restore -- --file F`: replaces the configured database's contents with a backup made by
 * `npm run db:backup` (docs/operations.md, Backups). Stop every server first. The embedded database's
 * previous folder is kept beside the new one.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { BackupError, restoreDatabase } from '../src/db/backup.ts';
import { DataDirLockedError } from '../src/db/data-lock.ts';
import { cliConfig, fail } from './cli.ts';

const config = cliConfig();
const { values } = parseArgs({ options: { file: { type: 'string' } } });
if (!values.file) fail('Uso: npm run db:restore -- --file backups/l4l-….tar.gz (o .pgdump con DATABASE_URL)');
const file = path.resolve(values.file);
try {
  const { keptAs } = await restoreDatabase(config, file);
  process.stdout.write(
    `Base de datos restaurada desde ${file}.${keptAs ? `\nLos datos anteriores quedan en ${keptAs}.` : ''}\n`,
  );
} catch (err) {
  fail(err instanceof BackupError || err instanceof DataDirLockedError ? err.message : String(err));
}
