/**
 * `npm run db:migrate`: applies the pending migrations to the configured database (DATA_DIR or
 * DATABASE_URL) and exits, so a deployment can migrate once before it starts or replaces its processes.
 * The server also migrates at start (under an advisory lock on PostgreSQL), so this step is optional.
 */
import { DataDirLockedError } from '../src/db/data-lock.ts';
import { openConfiguredDatabase } from '../src/db/database.ts';
import { cliConfig, fail } from './cli.ts';

const config = cliConfig();

const started = Date.now();
// opening the configured database applies the migrations it lacks
const database = await openConfiguredDatabase(config).catch((err: unknown) =>
  fail(
    err instanceof DataDirLockedError
      ? err.message
      : `No se han podido aplicar las migraciones: ${(err as Error).message ?? String(err)}`,
  ),
);
await database.close();
process.stdout.write(
  `Migraciones aplicadas en ${config.databaseUrl ? 'PostgreSQL' : `${config.dataDir}/db`} (${Date.now() - started} ms).\n`,
);
