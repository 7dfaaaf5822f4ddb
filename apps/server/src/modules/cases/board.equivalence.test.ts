import { boardQuerySchema } from '@l4l/shared/schemas/cases';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/app.ts';
import { createUser } from '../../../test/factories.ts';
import { prng } from '../../../test/prng.ts';
import { statementText } from '../../db/prepared.ts';
import { createPlainBoardPicks } from './board.plain.ts';
import { createBoardRepository } from './board.repository.ts';
import { createBoardSearch } from './board.search.ts';
import { createIndexedBoard } from './board.search-indexed.ts';
import { rebuildBoard } from './board-rebuild.ts';

type TestApp = Awaited<ReturnType<typeof buildTestApp>>;

const TITLES = [
  'Desahucio por impago del alquiler',
  'Despido improcedente tras baja médica',
  'Herencia de mi tía Lucía',
  'Despido de Lucio en la obra',
  'Reclamación a la aseguradora',
  'Reclamaciones del banco',
  'Custodia de Martina',
  'Accidente de Martín con la moto',
  'Cláusula suelo de la hipoteca',
  'Impago de un cliente',
];
const DESCRIPTIONS = [
  'Necesito ayuda.',
  'Llevo meses reclamando al banco.',
  'Tengo los papeles del despido.',
  '',
];
const CATEGORIES = ['Abogado Civil', 'Abogado Laboral', 'Abogado Divorcios', 'Abogado Fiscal'] as const;
const SORTS = [
  'recent',
  'oldest',
  'proposals_asc',
  'category',
  'price_asc',
  'price_desc',
  'finished',
  'active',
] as const;
const WORDS = [...TITLES, ...DESCRIPTIONS].flatMap((text) => text.split(/[ .]/)).filter(Boolean);
const CASES = 160;
const RUNS = 1_000;

/**
 * docs/decisions/0033-board-search.md: the board read from its ordered index ranges (board.search.ts,
 * its category's range or a rare word's first) answers as the plain query it replaced (board.plain.ts):
 * the same page, order and bounded count for 1,000 random requests over cases whose words, dates and
 * figures collide on purpose, after the triggers of migration 0029 kept the words through inserts,
 * updates and deletes; and so does the index in memory (board.search-indexed.ts, ADR 0042). Runs on PGlite,
 * and on PostgreSQL with DATABASE_URL.
 */
describe('the board answers as the plain query does', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp();
    const random = prng(20261128);
    const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)] as T;
    const clients = [await createUser(t.app), await createUser(t.app), await createUser(t.app)];
    for (let i = 0; i < CASES; i++) {
      await t.app.db.execute(sql`insert into cases (user_id, title, description, category, status, created_at)
        values (${pick(clients).id}, ${pick(TITLES)}, ${pick(DESCRIPTIONS)}, ${pick(CATEGORIES)},
          'PENDIENTE DE ASIGNACIÓN', now() - ${Math.floor(random() * 30)} * interval '1 minute')`);
    }
    await rebuildBoard(t.app.db);
    // the figures spread out and colliding (about a third without a price), written as the app writes
    // them (one case at a time: the update trigger's in-place path), some cases leave the board and some
    // change category (its rebuilding path)
    const { rows } = (await t.app.db.execute(
      sql`select case_id from board_entries order by case_id`,
    )) as unknown as {
      rows: Array<{ case_id: string }>;
    };
    for (const { case_id: id } of rows) {
      const price = random() < 0.35 ? null : 3000 + 1000 * Math.floor(random() * 4);
      await t.app.db.execute(sql`update board_entries set proposals_count = ${Math.floor(random() * 3)},
        lowest_proposal_cents = ${price}, client_finished_cases = ${Math.floor(random() * 3)},
        client_active_cases = ${Math.floor(random() * 3)} where case_id = ${id}`);
      const roll = random();
      if (roll < 0.08) await t.app.db.execute(sql`delete from board_entries where case_id = ${id}`);
      else if (roll < 0.16)
        await t.app.db.execute(
          sql`update board_entries set category = ${pick(CATEGORIES)} where case_id = ${id}`,
        );
    }
  }, 120_000);
  afterAll(async () => t?.close());

  it('keeps the words and counts as a rebuild from the board would', async () => {
    const rowsOf = async (query: ReturnType<typeof sql>) =>
      ((await t.app.db.execute(query)) as unknown as { rows: unknown[] }).rows;
    const words = sql`select w.word, e.case_id, e.category, e.search_text, e.created_at, e.proposals_count,
        e.lowest_proposal_cents, e.client_finished_cases, e.client_active_cases
      from board_entries e cross join lateral (select distinct word
        from unnest(string_to_array(e.search_text, ' ')) as word where word <> '') w`;
    const kept = sql`select word, case_id, category, search_text, created_at, proposals_count,
        lowest_proposal_cents, client_finished_cases, client_active_cases from board_search_words`;
    expect(await rowsOf(sql`(${words}) except all (${kept})`)).toEqual([]);
    expect(await rowsOf(sql`(${kept}) except all (${words})`)).toEqual([]);
    const counts = sql`select 'w:' || word as key, count(*)::int as cases from (${words}) as w group by word
      union all select 'f:' || category, count(*)::int from board_entries group by category
      union all select 'f:', count(*)::int from board_entries having count(*) > 0`;
    const stored = sql`select key::text, cases from board_search_counts`;
    expect(await rowsOf(sql`(${counts}) except all (${stored})`)).toEqual([]);
    expect(await rowsOf(sql`(${stored}) except all (${counts})`)).toEqual([]);
  });

  /** A word of the pool cut to a prefix, in any case, sometimes with its accents stripped or junk around it. */
  const word = fc
    .tuple(
      fc.constantFrom(...WORDS),
      fc.nat(8),
      fc.boolean(),
      fc.boolean(),
      fc.constantFrom('', '', '!', '¿', 'x'),
    )
    .map(([w, cut, upper, plain, junk]) => {
      const prefix = w.slice(0, Math.max(1, w.length - cut));
      const typed = plain ? prefix.normalize('NFD').replace(/\p{Diacritic}/gu, '') : prefix;
      return `${junk}${upper ? typed.toUpperCase() : typed}`;
    });
  const request = fc.record({
    search: fc.option(
      fc.array(word, { minLength: 1, maxLength: 3 }).map((words) => words.join(' ')),
      { nil: undefined },
    ),
    category: fc.option(fc.constantFrom(...CATEGORIES), { nil: undefined }),
    sort: fc.constantFrom(...SORTS),
    page: fc.integer({ min: 1, max: 3 }),
    pageSize: fc.integer({ min: 1, max: 25 }),
    countLimit: fc.constantFrom(3, 10, 1000),
  });

  it(`gives the same page, order and count for ${RUNS} random requests`, async () => {
    const limits = [3, 10, 1000];
    const plain = new Map(
      limits.map((limit) => [limit, createPlainBoardPicks(t.app.db, { countLimit: limit })]),
    );
    // through named prepared statements, as the app runs them (generic plans after five runs)
    const statements = t.app.database.statements;
    const search = new Map(
      limits.map((limit) => [limit, createBoardSearch(t.app.db, { countLimit: limit, statements })]),
    );
    const repository = createBoardRepository(t.app.db, { statements });
    // the index in memory, with no fallback, each way forced too (walks, counted by bits or not; a word's
    // cases first; a scan of the bits)
    const unanswered = { picks: () => Promise.reject(new Error('the index did not answer')) };
    const indexed = new Map(
      limits.map((limit) => [
        limit,
        [
          {},
          { way: 'walk' as const },
          { way: 'walk' as const, bitsFrom: 0 },
          { way: 'word' as const },
          { way: 'bits' as const },
        ].map((tuning) =>
          createIndexedBoard(t.app.db, { countLimit: limit, statements, fallback: unanswered, tuning }),
        ),
      ]),
    );
    await Promise.all([...indexed.values()].flat().map((index) => index.warm()));
    const fromIndex = createBoardRepository(t.app.db, { statements, search: indexed.get(1000)![0] });
    const seen = { filled: 0, broad: 0, words: 0, wordFirst: 0 };
    await fc.assert(
      fc.asyncProperty(request, async (raw) => {
        const query = boardQuerySchema.parse({
          search: raw.search,
          category: raw.category,
          sort: raw.sort,
          page: String(raw.page),
          pageSize: String(raw.pageSize),
        });
        const range = { limit: query.pageSize, offset: (query.page - 1) * query.pageSize };
        const expected = await plain.get(raw.countLimit)!.picks(query, range);
        const actual = await search.get(raw.countLimit)!.picks(query, range);
        seen.filled += expected.rows.length > 0 ? 1 : 0;
        seen.broad += expected.exact ? 0 : 1;
        seen.words += query.search && expected.total > 0 ? 1 : 0;
        expect(actual).toEqual(expected);
        for (const index of indexed.get(raw.countLimit)!) {
          const { rows, ...counted } = await index.picks(query, range);
          expect({ rows: rows.map(({ shown: _shown, ...pick }) => pick), ...counted }).toEqual(expected);
        }
        const statements = await search.get(raw.countLimit)!.boardQueries(query, range);
        seen.wordFirst += statements.some((s) =>
          statementText(t.app.db, s).text.includes('board_search_words'),
        )
          ? 1
          : 0;
        if (raw.countLimit === 1000) {
          const page = await repository.board(query, range);
          expect(page.rows.map((row) => row.id)).toEqual(expected.rows.map((row) => row.caseId));
          // the cards the index holds are what the cases themselves say
          expect(await fromIndex.board(query, range)).toEqual(page);
        }
      }),
      { numRuns: RUNS, seed: 20261128 },
    );
    // the draws reach every path: pages with cases, counts past the limit, words that match
    expect(seen.filled).toBeGreaterThan(RUNS / 10);
    expect(seen.broad).toBeGreaterThan(RUNS / 10);
    expect(seen.words).toBeGreaterThan(RUNS / 20);
    // and both plans: a category's (or the board's) range, and a rare word's first
    expect(seen.wordFirst).toBeGreaterThan(RUNS / 20);
    expect(seen.wordFirst).toBeLessThan(RUNS - RUNS / 10);
  }, 300_000);
});
