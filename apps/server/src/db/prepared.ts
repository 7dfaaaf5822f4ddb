import { createHash } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import { fillPlaceholders, type SQL, sql } from 'drizzle-orm';
import type pg from 'pg';
import type { Db, StatementSource } from './database.ts';
import { runNamedOnPglite } from './pglite-statements.ts';

/** The rows of a raw statement run through Drizzle (`db.execute` answers the driver's result, untyped). */
export async function rowsOf<Row>(db: Pick<Db, 'execute'>, statement: SQL): Promise<Row[]> {
  return ((await db.execute(statement)) as unknown as { rows: Row[] }).rows;
}

/** A Drizzle statement as a driver takes it: its text with $n placeholders, and their values. */
export function statementText(db: Db, statement: SQL): { text: string; values: unknown[] } {
  const query = (
    db as unknown as { dialect: { sqlToQuery: (s: SQL) => { sql: string; params: unknown[] } } }
  ).dialect.sqlToQuery(statement);
  return { text: query.sql, values: query.params };
}

/**
 * A raw statement whose text never changes, only its values: `build` writes it with `value(key)` where each
 * value goes. Given the pool behind `db` (or the embedded database), it is built once, with placeholders,
 * and runs as a named statement, prepared and planned once per connection, each call bringing only its
 * values: no statement object and no text is built per call (what Drizzle's `.prepare()` does for the query
 * builder). Otherwise (`db` a transaction, which passes no source) it is built with the values and runs
 * through `db.execute`.
 */
export function fixedStatement<Row, Key extends string>(
  name: string,
  build: (value: (key: Key) => unknown) => SQL,
) {
  let shape: { text: string; values: unknown[] } | undefined;
  return async (
    db: Db,
    source: StatementSource | undefined,
    values: Record<Key, unknown>,
  ): Promise<Row[]> => {
    // each value one parameter, an array too (Drizzle spreads a bare array into a list)
    if (!source)
      return rowsOf<Row>(
        db,
        build((key) => sql.param(values[key])),
      );
    shape ??= statementText(
      db,
      build((key) => sql.placeholder(key)),
    );
    const filled = fillPlaceholders(shape.values, values);
    return source instanceof PGlite
      ? runNamedOnPglite<Row>(source, name, shape.text, filled)
      : runOnPool<Row>(source, name, shape.text, filled);
  };
}

/**
 * Runs statements built for each call but of a bounded few shapes (a search's statements, whose text
 * depends on which filters a request has, its values apart): given the pool (or the embedded database),
 * each distinct text is a named statement prepared once per connection, so its parse and, once PostgreSQL
 * settles on a generic plan (after five runs), its planning are paid once. The name is the text's hash, so
 * two callers with the same text share it and different texts never clash. Past `maxShapes` distinct texts
 * the rest run unnamed, so no connection holds more than that many. No source: `db.execute`.
 */
export function preparedByShape(
  db: Db,
  source: StatementSource | undefined,
  prefix: string,
  maxShapes = 200,
) {
  const names = new Map<string, string>();
  const nameOf = (text: string) => {
    let name = names.get(text);
    if (name === undefined && names.size < maxShapes) {
      name = `${prefix}_${createHash('sha1').update(text).digest('base64url').slice(0, 24)}`;
      names.set(text, name);
    }
    return name;
  };
  return <Row>(statement: SQL) => runNamed<Row>(db, source, statement, nameOf);
}

/** A statement on the source, named as `nameOf` its text says (unnamed for undefined); `db.execute` without one. */
async function runNamed<Row>(
  db: Db,
  source: StatementSource | undefined,
  statement: SQL,
  nameOf: (text: string) => string | undefined,
): Promise<Row[]> {
  if (source) {
    const { text, values } = statementText(db, statement);
    const name = nameOf(text);
    if (!(source instanceof PGlite)) return runOnPool<Row>(source, name, text, values);
    // an unnamed statement on the embedded database goes through Drizzle, as any other
    if (name) return runNamedOnPglite<Row>(source, name, text, values);
  }
  return rowsOf<Row>(db, statement);
}

/** A statement's text and values on the pool: named (prepared once per connection) when `name` is given. */
async function runOnPool<Row>(pool: pg.Pool, name: string | undefined, text: string, values: unknown[]) {
  return (await pool.query(name ? { name, text, values } : { text, values })).rows as Row[];
}
