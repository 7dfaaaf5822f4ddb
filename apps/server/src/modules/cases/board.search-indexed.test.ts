import { boardQuerySchema } from '@l4l/shared/schemas/cases';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/app.ts';
import { createUser } from '../../../test/factories.ts';
import { createBoardSearch } from './board.search.ts';
import { createIndexedBoard } from './board.search-indexed.ts';
import { rebuildBoard } from './board-rebuild.ts';

type TestApp = Awaited<ReturnType<typeof buildTestApp>>;

/**
 * docs/decisions/0042-directory-index-in-memory.md: the board's index answers as fresh as board_entries on
 * every process, following its log of changes (migrations 0035 and 0037), and the SQL answers while it cannot. (Its
 * answers equal the plain query's: board.equivalence.test.ts.)
 */
describe("the board's index in memory", () => {
  let t: TestApp;
  const query = (raw: Record<string, string>) => boardQuerySchema.parse(raw);
  const range = { limit: 20, offset: 0 };

  beforeAll(async () => {
    t = await buildTestApp();
    const client = await createUser(t.app);
    for (const [title, minutes] of [
      ['Despido improcedente', 3],
      ['Herencia de la abuela', 2],
      ['Custodia compartida', 1],
    ] as const) {
      await t.app.db.execute(sql`insert into cases (user_id, title, description, category, status, created_at)
        values (${client.id}, ${title}, '', 'Abogado Laboral', 'PENDIENTE DE ASIGNACIÓN',
          now() - ${minutes} * interval '1 minute')`);
    }
    await rebuildBoard(t.app.db);
  });
  afterAll(async () => t?.close());

  function countingFallback() {
    const sqlSearch = createBoardSearch(t.app.db);
    const fallback = {
      calls: 0,
      picks: (...args: Parameters<typeof sqlSearch.picks>) => {
        fallback.calls++;
        return sqlSearch.picks(...args);
      },
    };
    return fallback;
  }

  const ids = async (index: ReturnType<typeof createIndexedBoard>, raw: Record<string, string> = {}) =>
    (await index.picks(query(raw), range)).rows.map((row) => row.caseId);

  it('shows a change committed before a request on each of two processes, without loading again', async () => {
    const fallbacks = [countingFallback(), countingFallback()];
    const processes = fallbacks.map((fallback) =>
      createIndexedBoard(t.app.db, { statements: t.app.database.statements, fallback }),
    );
    await Promise.all(processes.map((index) => index.warm()));
    const [newest] = await ids(processes[0]!);

    // a proposal on the newest case: it sorts last by fewest proposals, with its figures
    await t.app.db.execute(
      sql`update board_entries set proposals_count = 2, lowest_proposal_cents = 9000 where case_id = ${newest}`,
    );
    for (const index of processes) {
      const page = await index.picks(query({ sort: 'proposals_asc' }), range);
      expect(page.rows.at(-1)).toMatchObject({
        caseId: newest,
        proposalsCount: 2,
        lowestProposalCents: 9000,
      });
    }
    // what its card shows comes from the case itself (migration 0037)
    await t.app.db.execute(sql`update cases set title = 'Despido nulo', description = 'Sin carta'
      where id = ${newest}`);
    for (const index of processes) {
      const [first] = (await index.picks(query({}), range)).rows;
      expect(first?.shown).toMatchObject({ id: newest, title: 'Despido nulo', description: 'Sin carta' });
    }
    // its words change, then it leaves the board (taken by a lawyer)
    await t.app.db.execute(sql`update board_entries set search_text = 'desahucio' where case_id = ${newest}`);
    for (const index of processes) expect(await ids(index, { search: 'desah' })).toEqual([newest]);
    await t.app.db.execute(sql`delete from board_entries where case_id = ${newest}`);
    for (const index of processes) {
      expect(await ids(index, { search: 'desah' })).toEqual([]);
      expect(await ids(index)).not.toContain(newest);
    }
    expect(fallbacks.map((fallback) => fallback.calls)).toEqual([0, 0]);
    await Promise.all(processes.map((index) => index.close()));
  });

  it('loads everything again when the log no longer holds the changes it missed', async () => {
    const fallback = countingFallback();
    const index = createIndexedBoard(t.app.db, { statements: t.app.database.statements, fallback });
    await index.warm();
    await rebuildBoard(t.app.db);
    await t.app.db.execute(sql`delete from board_search_changes`);
    const expected = (await createBoardSearch(t.app.db).picks(query({}), range)).rows.map(
      (row) => row.caseId,
    );
    expect(await ids(index)).toEqual(expected);
    expect(fallback.calls).toBe(1);
    await index.warm();
    expect(await ids(index)).toEqual(expected);
    expect(fallback.calls).toBe(1);
    await index.close();
  });
});
