import type { CaseStatus } from '@l4l/shared/constants/cases';
import { LIMITS } from '@l4l/shared/constants/limits';
import type { BoardQuery } from '@l4l/shared/schemas/cases';
import { searchableText } from '@l4l/shared/search';
import { desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db, StatementSource } from '../../db/database.ts';
import { boardEntries, cases, OPEN_PROPOSAL_SQL_LIST, proposals } from '../../db/schema/index.ts';
import { type BoardSearch, type BoardShown, createBoardSearch, type PageRange } from './board.search.ts';

export type { PageRange };

/** Counts a case's open proposals and their lowest price, from the proposals themselves. */
const openProposals = (caseId: SQL | string) => ({
  count: sql`(select count(*) from ${proposals} p where p.case_id = ${caseId} and p.status in ${OPEN_PROPOSAL_SQL_LIST})`,
  lowest: sql`(select min(p.price_cents) from ${proposals} p where p.case_id = ${caseId} and p.status in ${OPEN_PROPOSAL_SQL_LIST})`,
});
const clientCases = (userId: string, status: CaseStatus) =>
  sql`(select count(*) from ${cases} c where c.user_id = ${userId} and c.status = ${status})`;

/** What a board card shows of each of these cases. */
const shownCases = (db: Db, ids: string[]): Promise<BoardShown[]> =>
  db
    .select({
      id: cases.id,
      status: cases.status,
      title: cases.title,
      description: cases.description,
      category: cases.category,
      creationDate: cases.creationDate,
    })
    .from(cases)
    .where(inArray(cases.id, ids));

/**
 * The lawyers' board (docs/decisions/0006-cases-and-payments.md): its narrow table, kept in step with the
 * cases and proposals that change it, in their transaction.
 */
export function createBoardRepository(
  db: Db,
  {
    countLimit = LIMITS.searchCountLimit,
    statements,
    ...options
  }: {
    countLimit?: number;
    /** where the board's search prepares its statements (never a transaction's: board.search.ts) */
    statements?: StatementSource | undefined;
    /** how the page is chosen; the ordered ranges' SQL of ADR 0033 by default */
    search?: Pick<BoardSearch, 'picks'>;
  } = {},
) {
  const search = options.search ?? createBoardSearch(db, { countLimit, statements });
  return {
    /**
     * One page of the board: published general cases (not addressed to one lawyer), no client data, the
     * same for every lawyer (their own proposals are read apart, `latestProposalsOnBoard`) and how many there
     * are, exactly up to `countLimit` (docs/decisions/0020-bounded-search-counts.md).
     */
    async board(query: BoardQuery, range: PageRange) {
      // the page is chosen from the board's ordered index ranges (ADR 0033), then its few cases are read;
      // the index in memory (ADR 0042) holds what the cards show, so nothing is read then
      const { rows: picked, ...counted } = await search.picks(query, range);
      const shownOf = new Map(picked.flatMap((row) => (row.shown ? [[row.caseId, row.shown] as const] : [])));
      const unshown = picked.filter((row) => !shownOf.has(row.caseId)).map((row) => row.caseId);
      for (const detail of unshown.length ? await shownCases(db, unshown) : [])
        shownOf.set(detail.id, detail);
      const rows = picked.flatMap((row) => {
        const shown = shownOf.get(row.caseId);
        return shown
          ? [{ ...shown, proposalsCount: row.proposalsCount, lowestProposalCents: row.lowestProposalCents }]
          : [];
      });
      return { rows, ...counted };
    },

    /**
     * Each of these lawyers' latest proposal on each case of the board: a few per lawyer, read once for
     * every page they turn (a page's cases are on the board).
     */
    async latestProposalsOnBoard(lawyerIds: string[]) {
      return db
        .selectDistinctOn([proposals.lawyerId, proposals.caseId], {
          lawyerId: proposals.lawyerId,
          caseId: proposals.caseId,
          id: proposals.id,
          priceCents: proposals.priceCents,
          status: proposals.status,
        })
        .from(proposals)
        .innerJoin(boardEntries, eq(boardEntries.caseId, proposals.caseId))
        .where(inArray(proposals.lawyerId, lawyerIds))
        .orderBy(proposals.lawyerId, proposals.caseId, desc(proposals.createdAt));
    },

    /** A published general case joins the board (ADR 0006). */
    async addToBoard(
      row: { id: string; userId: string; creationDate: Date; title: string; description: string },
      category: string,
    ) {
      const open = openProposals(row.id);
      await db.insert(boardEntries).values({
        caseId: row.id,
        userId: row.userId,
        createdAt: row.creationDate,
        category,
        searchText: searchableText(row.title, row.description),
        proposalsCount: sql`${open.count}`,
        lowestProposalCents: sql`${open.lowest}`,
        clientFinishedCases: sql`${clientCases(row.userId, 'FINALIZADO')}`,
        clientActiveCases: sql`${clientCases(row.userId, 'ACTIVO')}`,
      });
    },

    async removeFromBoard(caseId: string) {
      await db.delete(boardEntries).where(eq(boardEntries.caseId, caseId));
    },

    /** Recounts a case's open proposals and their lowest price on the board, after one is added or decided. */
    async refreshProposalFigures(caseId: string) {
      const open = openProposals(caseId);
      await db
        .update(boardEntries)
        .set({ proposalsCount: sql`${open.count}`, lowestProposalCents: sql`${open.lowest}` })
        .where(eq(boardEntries.caseId, caseId));
    },

    /** The client's finished and active counts, as their published cases show them on the board. */
    async refreshClientFigures(userId: string) {
      await db
        .update(boardEntries)
        .set({
          clientFinishedCases: sql`${clientCases(userId, 'FINALIZADO')}`,
          clientActiveCases: sql`${clientCases(userId, 'ACTIVO')}`,
        })
        .where(eq(boardEntries.userId, userId));
    },
  };
}

export type BoardRepository = ReturnType<typeof createBoardRepository>;
export type BoardRow = Awaited<ReturnType<BoardRepository['board']>>['rows'][number];
