import type { Db } from '../db/database.ts';

/**
 * A repository's transaction runner: the work gets the repository bound to the transaction, and the
 * transaction itself for what another module's store must do inside it (such as revoking sessions).
 */
export function transactional<R>(db: Db, repositoryOf: (db: Db) => R) {
  return <T>(work: (repository: R, tx: Db) => Promise<T>): Promise<T> =>
    db.transaction((tx) => work(repositoryOf(tx), tx));
}
