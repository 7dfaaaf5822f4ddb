import type { SQL } from 'drizzle-orm';
import type pg from 'pg';
import type { Db } from './database.ts';

/** A Drizzle statement as a driver takes it: its text with $n placeholders, and their values. */
export function statementText(db: Db, statement: SQL): { text: string; values: unknown[] } {
  const query = (
    db as unknown as { dialect: { sqlToQuery: (s: SQL) => { sql: string; params: unknown[] } } }
  ).dialect.sqlToQuery(statement);
  return { text: query.sql, values: query.params };
}

/**
 * Runs a raw statement whose text never changes. On PostgreSQL, given the pool behind `db`, it is a named
 * statement, prepared once per pooled connection and planned once (what Drizzle's `.prepare()` does for the
 * query builder); otherwise (PGlite, or `db` a transaction, which passes no pool) through `db.execute`.
 */
export async function executePrepared<Row>(
  db: Db,
  pool: pg.Pool | undefined,
  name: string,
  statement: SQL,
): Promise<{ rows: Row[] }> {
  const result = pool
    ? await pool.query({ name, ...statementText(db, statement) })
    : await db.execute(statement);
  return result as unknown as { rows: Row[] };
}
