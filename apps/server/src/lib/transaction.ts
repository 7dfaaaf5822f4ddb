import type { Db } from '../db/database.ts';

/** Schedules work for after the commit (delivering chat messages, calling a provider); dropped on rollback. */
export type AfterCommit = (work: () => Promise<void> | void) => void;

/** Where a failed after-commit step is reported (a Fastify logger fits). */
export type AfterCommitLog = { error(details: { err: unknown }, message: string): void };

/**
 * The one way a service runs a transaction: `work` gets the transaction and `afterCommit`, whose callbacks
 * run in order once the transaction has committed (never when it rolled back), so nobody is told of a
 * message that was not stored. Every callback runs even if one fails (the data is stored already); a
 * failure is logged when `log` is given, otherwise the first one is thrown once all have run.
 */
export async function withTransaction<T>(
  db: Db,
  work: (tx: Db, afterCommit: AfterCommit) => Promise<T>,
  log?: AfterCommitLog,
): Promise<T> {
  const pending: Array<() => Promise<void> | void> = [];
  const result = await db.transaction((tx) => work(tx as Db, (callback) => void pending.push(callback)));
  const failures: unknown[] = [];
  for (const callback of pending) {
    try {
      await callback();
    } catch (error) {
      if (log) log.error({ err: error }, 'a step after the commit failed');
      else failures.push(error);
    }
  }
  if (failures.length > 0) throw failures[0];
  return result;
}

/**
 * `withTransaction` with a repository bound to the transaction: `work` gets the repository, the transaction
 * itself (for what another module's store must do inside it, such as revoking sessions) and `afterCommit`.
 */
export function transactional<R>(db: Db, repositoryOf: (db: Db) => R, log?: AfterCommitLog) {
  return <T>(work: (repository: R, tx: Db, afterCommit: AfterCommit) => Promise<T>): Promise<T> =>
    withTransaction(db, (tx, afterCommit) => work(repositoryOf(tx), tx, afterCommit), log);
}
