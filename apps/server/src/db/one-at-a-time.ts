import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { StatementSource } from './database.ts';

/**
 * pg_advisory_lock(namespace, key): the two-number form, apart from the migrations' one-number lock and the
 * leases' namespace (plugins/leases.ts)
 */
const NAMESPACE = 4_141_416;
const SECTION_KEYS = { verifactuSubmission: 1 } as const;

/**
 * A connection with the pool's settings (address, timeouts) but outside it, named `applicationName` in
 * pg_stat_activity: for an advisory lock that must outlive any one query (the leases, the sections).
 * `onError` hears of its loss.
 */
export async function connectionOfItsOwn(
  pool: pg.Pool,
  applicationName: string,
  onError: (error: unknown, client: pg.Client) => void,
): Promise<pg.Client> {
  const opened = new pg.Client({ ...pool.options, application_name: applicationName });
  opened.on('error', (error) => onError(error, opened));
  await opened.connect();
  return opened;
}

export type SectionName = keyof typeof SECTION_KEYS;

export type Section = {
  /** runs `work` when no other process runs this section; a process's own runs must follow one another */
  run<T>(work: () => Promise<T>): Promise<T>;
  /** ends the section's connection (the app closing) */
  close(): Promise<void>;
};

/**
 * Work that every process may start but only one at a time may do (the VERI*FACTU submissions): on
 * PostgreSQL each run waits its turn on an advisory lock, taken on a connection of the section's own (not
 * the pool's: the work needs those, and a pool of one would wait on itself), so the runs of every process
 * follow one another as those of one process do. The lock goes with its connection: a process that dies
 * mid-run frees it, and a connection that fails is opened again for the next run. On the embedded
 * database the process is alone (one process per data folder) and runs at once.
 */
export function oneProcessAtATime(source: StatementSource, name: SectionName): Section {
  if (source instanceof PGlite) return { run: (work) => work(), close: async () => {} };
  const key = [NAMESPACE, SECTION_KEYS[name]];
  let client: pg.Client | null = null;
  const drop = (gone: pg.Client) => {
    if (client === gone) client = null;
    gone.end().catch(() => {});
  };
  const open = () => connectionOfItsOwn(source, `l4l-${name}`, (_error, opened) => drop(opened));
  return {
    async run(work) {
      client ??= await open();
      const held = client;
      try {
        await held.query('select pg_advisory_lock($1, $2)', key);
      } catch (error) {
        drop(held);
        throw error;
      }
      try {
        return await work();
      } finally {
        await held.query('select pg_advisory_unlock($1, $2)', key).catch(() => drop(held));
      }
    },
    async close() {
      const gone = client;
      client = null;
      await gone?.end().catch(() => {});
    },
  };
}
