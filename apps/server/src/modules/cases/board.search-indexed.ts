import { LIMITS } from '@l4l/shared/constants/limits';
import type { BoardQuery } from '@l4l/shared/schemas/cases';
import { sql } from 'drizzle-orm';
import type { Db, StatementSource } from '../../db/database.ts';
import { createSyncedIndex, type IndexSource } from '../../db/synced-index.ts';
import type { IndexTuning } from '../../lib/ordered-index.ts';
import type { BoardPicks, BoardSearch, PageRange } from './board.search.ts';
import { BoardIndex, type IndexedCase } from './board-index.ts';

const indexedColumns = sql`e.case_id as "caseId",
  (extract(epoch from e.created_at) * 1000000)::bigint::float8 as "createdAt", e.category,
  e.search_text as "searchText", e.proposals_count as "proposalsCount",
  e.lowest_proposal_cents as "lowestProposalCents", e.client_finished_cases as "clientFinishedCases",
  e.client_active_cases as "clientActiveCases", c.title, c.description, c.status,
  c.category as "caseCategory",
  (extract(epoch from c.created_at) * 1000000)::bigint::float8 as "creationMicros"`;
const entries = sql`board_entries e join cases c on c.id = e.case_id`;

/** The board's cases with what their cards show, and the changes of its log (migrations 0035 and 0037). */
const casesSource: IndexSource<IndexedCase> = {
  name: 'l4l_board',
  version: 'board_search_version',
  changes: 'board_search_changes',
  page: (after, limit) => sql`select ${indexedColumns} from ${entries} where e.case_id > ${after}::uuid
    order by e.case_id limit ${limit}`,
  among: (ids) => sql`select ${indexedColumns} from ${entries} where e.case_id = any(${ids}::uuid[])`,
  idOf: (entry) => entry.caseId,
};

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
 * The board answered from memory (board-index.ts; docs/decisions/0042-directory-index-in-memory.md), its
 * figures included, as fresh as the database: the log's version is read after the request arrives, and the
 * index catches up to it first when behind (db/synced-index.ts). Until the index has loaded, `fallback` (the
 * SQL of ADR 0033) answers.
 */
export function createIndexedBoard(
  db: Db,
  { fallback, countLimit = LIMITS.searchCountLimit, tuning, ...syncing }: IndexedBoardOptions,
) {
  const synced = createSyncedIndex(db, casesSource, () => new BoardIndex(tuning), syncing);

  return {
    async picks(query: BoardQuery, range: PageRange): Promise<BoardPicks> {
      const answered = await synced.answer((index): BoardPicks => {
        const { entries, total } = index.board(query, range, countLimit);
        const exact = total <= countLimit;
        const rows = entries.map((entry) => ({
          caseId: entry.caseId,
          proposalsCount: entry.proposalsCount,
          lowestProposalCents: entry.lowestProposalCents,
          shown: {
            id: entry.caseId,
            status: entry.status,
            title: entry.title,
            description: entry.description,
            category: entry.caseCategory,
            creationDate: new Date(Math.floor(entry.creationMicros / 1000)),
          },
        }));
        return { rows, total: exact ? total : countLimit, exact };
      });
      return answered ?? fallback.picks(query, range);
    },

    /** Starts loading the index (the server's start); resolves once it has, for a caller that waits. */
    warm: () => synced.warm(),

    /** Stops loading; waits for what is under way. */
    close: () => synced.close(),
  };
}
