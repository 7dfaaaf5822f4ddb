import { type AnyColumn, type SQL, sql } from 'drizzle-orm';

/**
 * Every word must match a stored word as a prefix ('luc' finds 'Lucía', 'lucio' does not), never by stem
 * (docs/decisions/0023-search-words-by-prefix.md). `vector` is a `to_tsvector('simple', …)` column with a
 * GIN index; `words` come from `searchWords` ([a-z0-9]+, bound as parameters), so each `word:*` is always a
 * valid tsquery. Plain tsvector SQL: the same on PGlite and PostgreSQL.
 */
export function wordsMatch(vector: AnyColumn, words: string[]): SQL | undefined {
  if (words.length === 0) return undefined;
  const query = sql.join(
    words.map((word) => sql`to_tsquery('simple', ${`${word}:*`})`),
    sql` && `,
  );
  return sql`${vector} @@ (${query})`;
}
