import type { CaseStatus } from '@l4l/shared/constants/cases';
import { LIMITS } from '@l4l/shared/constants/limits';
import type { BoardQuery } from '@l4l/shared/schemas/cases';
import { searchableText, searchWords } from '@l4l/shared/search';
import { and, asc, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { boundedCount } from '../../db/bounded-count.ts';
import type { Db } from '../../db/database.ts';
import { boardEntries, cases, OPEN_PROPOSAL_SQL_LIST, proposals } from '../../db/schema/index.ts';
import { wordsMatch } from '../../db/word-prefix.ts';

export type PageRange = { limit: number; offset: number };

const b = boardEntries;

/** How the board sorts (docs/decisions/0006-cases-and-payments.md); each one has its index. */
const BOARD_ORDER: Record<BoardQuery['sort'], SQL[]> = {
  recent: [desc(b.createdAt), desc(b.caseId)],
  oldest: [asc(b.createdAt), asc(b.caseId)],
  proposals_asc: [asc(b.proposalsCount), desc(b.createdAt), desc(b.caseId)],
  category: [asc(b.category), desc(b.createdAt), desc(b.caseId)],
  price_asc: [sql`${b.lowestProposalCents} asc nulls last`, desc(b.createdAt), desc(b.caseId)],
  price_desc: [sql`${b.lowestProposalCents} desc nulls last`, desc(b.createdAt), desc(b.caseId)],
  finished: [desc(b.clientFinishedCases), desc(b.createdAt), desc(b.caseId)],
  active: [desc(b.clientActiveCases), desc(b.createdAt), desc(b.caseId)],
};

/**
 * A search with at most `countLimit` matches: read them through the search index, then sort. The sort
 * columns are wrapped (`+ 0`) so that the planner cannot walk a sort index instead, testing the search on
 * every published case on the way (bench/board.mjs).
 */
function boardOrderOfMatches(sort: BoardQuery['sort']): SQL[] {
  const created = sql`${b.createdAt} + interval '0 seconds' desc`;
  const byFigure = (figure: SQL) => [figure, created, desc(b.caseId)];
  switch (sort) {
    case 'oldest':
      return [sql`${b.createdAt} + interval '0 seconds' asc`, asc(b.caseId)];
    case 'proposals_asc':
      return byFigure(sql`${b.proposalsCount} + 0 asc`);
    case 'category':
      return byFigure(sql`${b.category} || '' asc`);
    case 'price_asc':
      return byFigure(sql`${b.lowestProposalCents} + 0 asc nulls last`);
    case 'price_desc':
      return byFigure(sql`${b.lowestProposalCents} + 0 desc nulls last`);
    case 'finished':
      return byFigure(sql`${b.clientFinishedCases} + 0 desc`);
    case 'active':
      return byFigure(sql`${b.clientActiveCases} + 0 desc`);
    default:
      return [created, desc(b.caseId)];
  }
}

/** Counts a case's open proposals and their lowest price, from the proposals themselves. */
const openProposals = (caseId: SQL | string) => ({
  count: sql`(select count(*) from ${proposals} p where p.case_id = ${caseId} and p.status in ${OPEN_PROPOSAL_SQL_LIST})`,
  lowest: sql`(select min(p.price_cents) from ${proposals} p where p.case_id = ${caseId} and p.status in ${OPEN_PROPOSAL_SQL_LIST})`,
});
const clientCases = (userId: string, status: CaseStatus) =>
  sql`(select count(*) from ${cases} c where c.user_id = ${userId} and c.status = ${status})`;

/**
 * The lawyers' board (docs/decisions/0006-cases-and-payments.md): its narrow table, kept in step with the
 * cases and proposals that change it, in their transaction.
 */
export function createBoardRepository(
  db: Db,
  { countLimit = LIMITS.searchCountLimit }: { countLimit?: number } = {},
) {
  return {
    /**
     * One page of the board: published general cases (not addressed to one lawyer), no client data, the
     * same for every lawyer (their own proposals are read apart, `latestProposalsOf`) and how many there
     * are, exactly up to `countLimit` (docs/decisions/0020-bounded-search-counts.md).
     */
    async board(query: BoardQuery, range: PageRange) {
      const words = searchWords(query.search);
      const where = and(
        query.category ? eq(b.category, query.category) : undefined,
        wordsMatch(b.searchVector, words),
      );
      const counted = await boundedCount(
        db,
        db.select({ caseId: b.caseId }).from(b).where(where),
        countLimit,
      );
      if (counted.exact && range.offset >= counted.total) return { rows: [], ...counted };
      // the page is chosen on the narrow board table alone, then its few cases are read; a search with
      // few matches reads them through its index and sorts them, anything broader walks the sort's index
      const picked = await db
        .select({
          caseId: b.caseId,
          proposalsCount: b.proposalsCount,
          lowestProposalCents: b.lowestProposalCents,
        })
        .from(b)
        .where(where)
        .orderBy(
          ...(words.length > 0 && counted.exact ? boardOrderOfMatches(query.sort) : BOARD_ORDER[query.sort]),
        )
        .limit(range.limit)
        .offset(range.offset);
      const details = picked.length
        ? await db
            .select({
              id: cases.id,
              status: cases.status,
              title: cases.title,
              description: cases.description,
              category: cases.category,
              creationDate: cases.creationDate,
            })
            .from(cases)
            .where(
              inArray(
                cases.id,
                picked.map((row) => row.caseId),
              ),
            )
        : [];
      const byId = new Map(details.map((row) => [row.id, row]));
      const rows = picked.flatMap((row) => {
        const detail = byId.get(row.caseId);
        return detail
          ? [{ ...detail, proposalsCount: row.proposalsCount, lowestProposalCents: row.lowestProposalCents }]
          : [];
      });
      return { rows, ...counted };
    },

    /** The lawyer's latest proposal on each of these cases. */
    async latestProposalsOf(lawyerId: string, caseIds: string[]) {
      if (caseIds.length === 0) return [];
      return db
        .selectDistinctOn([proposals.caseId], {
          caseId: proposals.caseId,
          id: proposals.id,
          priceCents: proposals.priceCents,
          status: proposals.status,
        })
        .from(proposals)
        .where(and(eq(proposals.lawyerId, lawyerId), inArray(proposals.caseId, caseIds)))
        .orderBy(proposals.caseId, desc(proposals.createdAt));
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
