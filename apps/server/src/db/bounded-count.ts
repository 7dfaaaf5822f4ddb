import { type SQLWrapper, sql } from 'drizzle-orm';
import type { Db } from './database.ts';

/** A count that stopped at its limit: `exact` false means there are more than `total`. */
export type BoundedCount = { total: number; exact: boolean };

/**
 * The statement behind `boundedCount`. The matches are a MATERIALIZED CTE, planned as if all were wanted
 * (through the filters' indexes) and read only as far as the LIMIT pulls them; a plain LIMIT instead lets
 * PostgreSQL pick a sequential scan hoping to stop early, which reads the whole table when fewer rows
 * match than the limit.
 */
export const boundedCountQuery = (matches: SQLWrapper, limit: number) =>
  sql`with matches as materialized (${matches})
    select count(*)::int as total from (select 1 from matches limit ${limit + 1}) as bounded`;

/**
 * How many rows `matches` (a select) has, counting no further than `limit + 1`: past `limit`, `total` is
 * `limit` and `exact` false (docs/decisions/0020-bounded-search-counts.md). A broad search over a large
 * table stops after about a thousand rows instead of reading every match.
 */
export async function boundedCount(db: Db, matches: SQLWrapper, limit: number): Promise<BoundedCount> {
  const result = (await db.execute(boundedCountQuery(matches, limit))) as unknown as {
    rows: Array<{ total: number | string }>;
  };
  const total = Number(result.rows[0]?.total ?? 0);
  return total > limit ? { total: limit, exact: false } : { total, exact: true };
}
