import { LIMITS } from '@l4l/shared/constants/limits';
import type { BoardQuery } from '@l4l/shared/schemas/cases';
import { searchWords } from '@l4l/shared/search';
import { and, asc, desc, eq, type SQL, sql } from 'drizzle-orm';
import { boundedCountQuery } from '../../db/bounded-count.ts';
import type { Db } from '../../db/database.ts';
import { rowsOf } from '../../db/prepared.ts';
import { boardEntries } from '../../db/schema/index.ts';
import { wordsMatch } from '../../db/word-prefix.ts';
import type { BoardPick, BoardPicks, PageRange } from './board.search.ts';

/**
 * The board's page as it was chosen before its ordered ranges (docs/decisions/0033-board-search.md): one
 * plain query on board_entries, the words through its tsvector index (ADR 0023), the count bounded by
 * ADR 0020. Kept as the reference board.equivalence.test.ts compares the board with, and as the path the
 * benchmark's database time measures against (bench/lib/board-db-time.mjs).
 */

const b = boardEntries;

/** How the board sorts (docs/decisions/0006-cases-and-payments.md); each one has its index. */
export const BOARD_ORDER: Record<BoardQuery['sort'], SQL[]> = {
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

/** The plain path's statements, the count first: a search's page depends on whether its count is exact. */
export function createPlainBoardPicks(
  db: Db,
  { countLimit = LIMITS.searchCountLimit }: { countLimit?: number } = {},
) {
  function countQuery(query: BoardQuery) {
    const words = searchWords(query.search);
    const where = and(
      query.category ? eq(b.category, query.category) : undefined,
      wordsMatch(b.searchVector, words),
    );
    return {
      words,
      where,
      count: boundedCountQuery(db.select({ caseId: b.caseId }).from(b).where(where), countLimit),
    };
  }
  function pageQuery(query: BoardQuery, range: PageRange, exact: boolean) {
    const { words, where } = countQuery(query);
    // a search with few matches reads them through its index and sorts them; anything broader walks the
    // sort's index
    return db
      .select({
        caseId: b.caseId,
        proposalsCount: b.proposalsCount,
        lowestProposalCents: b.lowestProposalCents,
      })
      .from(b)
      .where(where)
      .orderBy(...(words.length > 0 && exact ? boardOrderOfMatches(query.sort) : BOARD_ORDER[query.sort]))
      .limit(range.limit)
      .offset(range.offset);
  }
  const bounded = (total: number) =>
    total > countLimit ? { total: countLimit, exact: false } : { total, exact: true };
  return {
    async picks(query: BoardQuery, range: PageRange): Promise<BoardPicks> {
      const [row] = await rowsOf<{ total: number | string }>(db, countQuery(query).count);
      const counted = bounded(Number(row?.total ?? 0));
      if (counted.exact && range.offset >= counted.total) return { rows: [], ...counted };
      return { rows: (await pageQuery(query, range, counted.exact)) as BoardPick[], ...counted };
    },

    /** The statements `picks` runs, the count run once to choose the page's (the benchmark EXPLAINs them). */
    async boardQueries(query: BoardQuery, range: PageRange): Promise<SQL[]> {
      const { count } = countQuery(query);
      const [row] = await rowsOf<{ total: number | string }>(db, count);
      return [count, pageQuery(query, range, bounded(Number(row?.total ?? 0)).exact).getSQL()];
    },
  };
}
