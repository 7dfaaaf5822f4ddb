import { LIMITS } from '@l4l/shared/constants/limits';
import type { BoardQuery } from '@l4l/shared/schemas/cases';
import { sql } from 'drizzle-orm';
import type { Db, StatementSource } from '../../db/database.ts';
import { fixedStatement } from '../../db/prepared.ts';
import { createSyncedIndex, type IndexSource } from '../../db/synced-index.ts';
import type { IndexPage, IndexTuning } from '../../lib/ordered-index.ts';
import type { BoardPick, BoardPicks, BoardSearch, PageRange } from './board.search.ts';
import { BoardIndex, type IndexedCase } from './board-index.ts';

const indexedColumns = sql`e.case_id as "caseId",
  (extract(epoch from e.created_at) * 1000000)::bigint::float8 as "createdAt", e.category,
  e.search_text as "searchText", e.proposals_count as "proposalsCount",
  e.lowest_proposal_cents as "lowestProposalCents", e.client_finished_cases as "clientFinishedCases",
  e.client_active_cases as "clientActiveCases"`;

/** The board's cases, and the changes of its log (migration 0035). */
const casesSource: IndexSource<IndexedCase> = {
  name: 'l4l_board',
  version: 'board_search_version',
  changes: 'board_search_changes',
  page: (after, limit) => sql`select ${indexedColumns} from board_entries e where e.case_id > ${after}::uuid
    order by e.case_id limit ${limit}`,
  among: (ids) => sql`select ${indexedColumns} from board_entries e where e.case_id = any(${ids}::uuid[])`,
  idOf: (entry) => entry.caseId,
};

/** The page's figures and, in the same snapshot, the version they belong to (one row with no case when none). */
const figuresAt = fixedStatement<BoardPick & { version: string }, 'ids'>(
  'l4l_board_figures',
  (value) => sql`select v.version::text as version, e.* from board_search_version v
    left join lateral (select case_id as "caseId", proposals_count as "proposalsCount",
      lowest_proposal_cents as "lowestProposalCents" from board_entries
      where case_id = any(${value('ids')}::uuid[])) as e on true
    where v.id = 1`,
);

export type IndexedBoardOptions = {
  /** what answers while the index loads, or when it cannot catch up */
  fallback: Pick<BoardSearch, 'picks'>;
  countLimit?: number;
  statements?: StatementSource;
  /** a load or a catch-up that failed (the fallback answers meanwhile) */
  onError?: (error: unknown) => void;
  /** how the index chooses its ways (the tests force each one) */
  tuning?: IndexTuning;
};

/**
 * The board answered from memory (board-index.ts; docs/decisions/0042-directory-index-in-memory.md), as
 * fresh as the database: the page's figures are read with board_search_version in one statement, and a
 * newer version catches the index up before the page is chosen again. Until the index has loaded, `fallback`
 * (the SQL of ADR 0033) answers.
 */
export function createIndexedBoard(
  db: Db,
  { fallback, countLimit = LIMITS.searchCountLimit, statements, onError, tuning }: IndexedBoardOptions,
) {
  const synced = createSyncedIndex(db, casesSource, () => new BoardIndex(tuning), { onError });

  /** The found cases' figures in its order; undefined if one is missing (the index was not what was read). */
  function picksOf(found: IndexPage, rows: BoardPick[]): BoardPicks | undefined {
    const byId = new Map<string, BoardPick>();
    for (const { caseId, proposalsCount, lowestProposalCents } of rows) {
      if (caseId !== null) byId.set(caseId, { caseId, proposalsCount, lowestProposalCents });
    }
    const picks = found.ids.map((id) => byId.get(id));
    if (!picks.every((pick) => pick !== undefined)) return undefined;
    const exact = found.total <= countLimit;
    return { rows: picks, total: exact ? found.total : countLimit, exact };
  }

  return {
    async picks(query: BoardQuery, range: PageRange): Promise<BoardPicks> {
      const answered = await synced.answer(
        (index) => index.board(query, range, countLimit),
        (ids) => figuresAt(db, statements, { ids }),
        picksOf,
      );
      return answered ?? fallback.picks(query, range);
    },

    /** Starts loading the index (the server's start); resolves once it has, for a caller that waits. */
    warm: () => synced.warm(),

    /** Stops loading; waits for what is under way. */
    close: () => synced.close(),
  };
}
