import type { BoardQuery } from '@l4l/shared/schemas/cases';
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/app.ts';
import { seedInRanges } from '../../../test/database.ts';
import { createUser } from '../../../test/factories.ts';
import { createBoardRepository } from './board.repository.ts';

/**
 * Every board sort must read its page through its own index (docs/decisions/0006-cases-and-payments.md):
 * an index whose column order or NULLS placement differs from the ORDER BY is useless, and PostgreSQL
 * then sorts the whole table for each page (the page cache hides it until it expires). At 20,000 rows
 * the planner prefers the index whenever it matches, so a Sort here (over a Seq Scan, or an
 * Incremental Sort over an index that matches only its first column) is a mismatch.
 * PostgreSQL only (DATABASE_URL): the embedded database is for one person's demo, not for this size.
 */
const ROWS = 20_000;

/** Every sort the board offers: the type makes this list complete. */
const SORTS = Object.keys({
  recent: true,
  oldest: true,
  proposals_asc: true,
  category: true,
  price_asc: true,
  price_desc: true,
  finished: true,
  active: true,
} satisfies Record<BoardQuery['sort'], true>) as Array<BoardQuery['sort']>;

type PlanNode = { 'Node Type': string; 'Index Name'?: string; 'Relation Name'?: string; Plans?: PlanNode[] };

function nodes(plan: PlanNode): PlanNode[] {
  return [plan, ...(plan.Plans ?? []).flatMap(nodes)];
}

describe.skipIf(!process.env.DATABASE_URL)(`the board's query plans at ${ROWS} published cases`, () => {
  let t: Awaited<ReturnType<typeof buildTestApp>>;
  let pool: pg.Pool;
  beforeAll(async () => {
    t = await buildTestApp();
    pool = t.database.pool as pg.Pool;
    const client = await createUser(t.app);
    // the cases and their board entries: about a third without proposals (no price: NULL), the rest with
    // prices and client figures spread out
    await seedInRanges(
      t.database,
      ROWS,
      (from, to) => sql`
        with made as (
          insert into cases (user_id, title, description, category, status, created_at)
          select ${client.id}, 'Caso ' || g, 'Reclamación número ' || g, (array['Abogado Civil', 'Abogado Laboral',
            'Abogado Penal', 'Abogado Fiscal', 'Abogado Mercantil'])[1 + g % 5], 'PENDIENTE DE ASIGNACIÓN',
            now() - g * interval '1 minute'
          from generate_series(${from}::int, ${to}::int) g
          returning id, user_id, created_at, category, title, description
        )
        insert into board_entries (case_id, user_id, created_at, category, search_text, proposals_count,
          lowest_proposal_cents, client_finished_cases, client_active_cases)
        select id, user_id, created_at, category, lower(title || ' ' || description),
          (hashtext(id::text) & 3), case when hashtext(id::text) % 3 = 0 then null else 5000 + (hashtext(id::text) & 65535) end,
          (hashtext(title) & 15), (hashtext(description) & 7)
        from made`,
    );
    // the visibility map set, as autovacuum keeps it: the ranges are then read index-only (ADR 0033)
    await t.app.db.execute(sql`vacuum analyze board_entries`);
    await t.app.db.execute(sql`vacuum analyze board_search_words`);
  }, 120_000);
  afterAll(async () => t?.close());

  /** The board query's SQL as the repository sends it (the one with ORDER BY), and the plan PostgreSQL picks. */
  async function planOf(query: BoardQuery) {
    const sent: Array<{ text: string; values: unknown[] }> = [];
    const original = pool.query.bind(pool);
    pool.query = ((config: string | { text: string; values?: unknown[] }, values?: unknown[]) => {
      const text = typeof config === 'string' ? config : config.text;
      if (/order by/i.test(text) && /board_entries|board_search_words/.test(text)) {
        sent.push({ text, values: (typeof config === 'string' ? undefined : config.values) ?? values ?? [] });
      }
      return original(config as never, values as never);
    }) as typeof pool.query;
    try {
      await createBoardRepository(t.app.db).board(query, { limit: 20, offset: 0 });
    } finally {
      pool.query = original;
    }
    expect(sent).toHaveLength(1);
    const [page] = sent;
    const { rows } = await pool.query(`explain (format json) ${page?.text}`, page?.values);
    return (rows[0]['QUERY PLAN'] as Array<{ Plan: PlanNode }>)[0]?.Plan as PlanNode;
  }

  /**
   * The index each sort reads (migration 0029, docs/decisions/0033-board-search.md): 'recent', 'oldest'
   * (backwards) and 'category' within one category share board_category_idx.
   */
  const indexOf = (query: BoardQuery) => {
    const shared = query.sort === 'recent' || query.sort === 'oldest';
    if (query.category)
      return shared || query.sort === 'category' ? 'board_category_idx' : `board_category_${query.sort}_idx`;
    return shared ? 'board_recent_idx' : `board_${query.sort}_idx`;
  };

  const cases: Array<[string, BoardQuery]> = [
    ...SORTS.map((sort): [string, BoardQuery] => [`sort ${sort}`, { sort } as BoardQuery]),
    ...SORTS.map((sort): [string, BoardQuery] => [
      `one category, sort ${sort}`,
      { sort, category: 'Abogado Civil' } as BoardQuery,
    ]),
  ];

  it.each(cases)('%s reads its page in order through its index, sorting nothing', async (_label, query) => {
    const plan = await planOf(query);
    const all = nodes(plan);
    const described = JSON.stringify(all.map((n) => [n['Node Type'], n['Index Name'] ?? n['Relation Name']]));
    // the index gives the rows in the page's order: no Sort (over a Seq Scan, the whole table each page),
    // nor an Incremental Sort (an index that matches only the first column, then sorts its ties)
    const sorts = all.filter((n) => /Sort/.test(n['Node Type']));
    expect(sorts, described).toEqual([]);
    expect(
      all.some((n) => n['Node Type'] === 'Seq Scan'),
      described,
    ).toBe(false);
    const indexRead = all.find((n) => /Index/.test(n['Node Type']) && n['Index Name'] === indexOf(query));
    expect(indexRead, described).toBeDefined();
  });
});
