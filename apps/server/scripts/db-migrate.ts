/**
 * `npm run db:migrate`: applies the pending migrations to the configured database (DATA_DIR or
 * DATABASE_URL) and exits, so a deployment can migrate once before it starts or replaces its processes.
 * The server also migrates at start (under an advisory lock on PostgreSQL), so this step is optional.
 */
import { ConfigError, loadConfig } from '../src/config.ts';
import { DataDirLockedError } from '../src/db/data-lock.ts';
import { openConfiguredDatabase } from '../src/db/database.ts';

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

let config: ReturnType<typeof loadConfig>;
try {
  // the signing key is not needed here; a placeholder keeps the script from creating one
  config = loadConfig(process.env, { jwtSecret: 'x'.repeat(32) });
} catch (err) {
  fail(err instanceof ConfigError ? err.message : String(err));
}

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
