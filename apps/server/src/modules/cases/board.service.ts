import { type PageEnvelope, pageEnvelope } from '@l4l/shared/envelope';
import { type BoardCase, type BoardQuery, boardCaseSchema } from '@l4l/shared/schemas/cases';
import type { Db, StatementSource } from '../../db/database.ts';
import { GroupedCalls } from '../../lib/grouped-calls.ts';
import { MicroCache } from '../../lib/micro-cache.ts';
import { RenderedJson } from '../../lib/rendered-json.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { type BoardRepository, createBoardRepository } from './board.repository.ts';
import { createBoardSearch } from './board.search.ts';
import { createIndexedBoard } from './board.search-indexed.ts';
import { toBoardCase, toMyProposal } from './case-views.ts';

/** A board page's answer (docs/api/http.md, Cases). */
export const boardPageEnvelope = pageEnvelope(boardCaseSchema);

type BoardAnswer = RenderedJson<PageEnvelope<BoardCase>>;

/**
 * A board page as kept for a few seconds: its answer's bytes with no proposal of the caller's, and its
 * cases' ids. Bytes, not the cases' objects: what a cache keeps for seconds is old enough to be promoted,
 * and the collector's full collections, which pause the server's thread, then come less often.
 */
type KeptPage = { ids: string[]; answer: BoardAnswer };

type OwnProposal = Awaited<ReturnType<BoardRepository['latestProposalsOnBoard']>>[number];

/** The proposals of a lawyer with none on the board: one map for all. */
const NONE: ReadonlyMap<string, OwnProposal> = new Map();

const range = ({ page, pageSize }: { page: number; pageSize: number }) => ({
  limit: pageSize,
  offset: (page - 1) * pageSize,
});

/**
 * The board as lawyers read it (docs/decisions/0006-cases-and-payments.md): the same page for every lawyer,
 * served again for a few seconds, with the caller's own proposals on the board read once for every page
 * they turn, kept as long (forgotten in this process as soon as one of them changes: `proposalsChanged`).
 */
export function createBoardService(deps: {
  db: Db;
  /** how long a board page may be served again; 0: never cached (tests) */
  boardCacheMs: number;
  /** PostgreSQL's pool or the embedded database, for the board search's named statements */
  statements?: StatementSource | undefined;
  /** the board's index failed to load or catch up (the SQL search answers meanwhile) */
  onIndexError?: (error: unknown) => void;
}) {
  // the board is read from memory (ADR 0042), from its ordered ranges' SQL (ADR 0033) while the index loads
  const { statements } = deps;
  const search = createIndexedBoard(deps.db, {
    fallback: createBoardSearch(deps.db, { statements }),
    statements,
    onError: deps.onIndexError,
  });
  const repository = createBoardRepository(deps.db, { statements, search });
  // many lawyers read the same board pages; they change only as cases are published or taken (pages
  // asked for all the time are read again in the background before they expire: no caller waits)
  const boardPages = new MicroCache<KeptPage>(deps.boardCacheMs, 500, {
    refreshAheadMs: deps.boardCacheMs / 2,
  });
  const ownProposals = new MicroCache<ReadonlyMap<string, OwnProposal>>(deps.boardCacheMs, 5000, {
    refreshAheadMs: deps.boardCacheMs / 2,
  });
  const ownVersion = new Map<string, number>();
  // a lawyer's proposals are read fresh (each read starts after the requests it answers arrived), and the
  // requests that arrive while two reads are under way share the next one, whoever asks (lib/grouped-calls.ts)
  const ownProposalReads = new GroupedCalls<string, ReadonlyMap<string, OwnProposal>>(
    async (lawyerIds) => {
      const byLawyer = new Map<string, Map<string, OwnProposal>>();
      for (const proposal of await repository.latestProposalsOnBoard([...new Set(lawyerIds)])) {
        const mine = byLawyer.get(proposal.lawyerId) ?? new Map<string, OwnProposal>();
        mine.set(proposal.caseId, proposal);
        byLawyer.set(proposal.lawyerId, mine);
      }
      return lawyerIds.map((id) => byLawyer.get(id) ?? NONE);
    },
    { concurrency: 2, maxGroup: 200 },
  );

  async function keptPage(query: BoardQuery): Promise<KeptPage> {
    const { rows, total, exact } = await repository.board(query, range(query));
    const answer = RenderedJson.of(boardPageEnvelope, {
      data: rows.map((row) => toBoardCase({ ...row, myProposal: null })),
      meta: { total, totalIsExact: exact, page: query.page, pageSize: query.pageSize },
    });
    return { ids: rows.map((row) => row.id), answer };
  }

  return {
    /** Starts loading the board's index; resolves once it has (a benchmark waits, the server does not). */
    warmIndex: () => search.warm(),

    /** Stops the index's loading, waiting for what is under way (the server's close). */
    closeIndex: () => search.close(),

    /** Forgets every page and every lawyer's proposals on this process (a clearing may have been missed). */
    forgetAll() {
      boardPages.clear();
      ownProposals.clear();
      ownVersion.clear();
    },

    /** The lawyers' own proposals changed: their next board pages read them again. */
    proposalsChanged(...lawyerIds: string[]) {
      if (ownVersion.size > 50_000) ownVersion.clear();
      for (const id of lawyerIds) ownVersion.set(id, (ownVersion.get(id) ?? 0) + 1);
    },

    async board(actor: AuthUser, query: BoardQuery): Promise<BoardAnswer> {
      const key = JSON.stringify([
        query.search ?? '',
        query.category ?? '',
        query.sort,
        query.page,
        query.pageSize,
      ]);
      const { ids, answer } = await boardPages.get(key, () => keptPage(query));
      const mine = await ownProposals.get(`${actor.id}:${ownVersion.get(actor.id) ?? 0}`, () =>
        ownProposalReads.add(actor.id),
      );
      // most lawyers have no proposal on a page: they all get the same bytes
      if (!ids.some((id) => mine.has(id))) return answer;
      const page = answer.value();
      for (const card of page.data) card.myProposal = toMyProposal(mine.get(card.id) ?? null);
      return RenderedJson.of(boardPageEnvelope, page);
    },
  };
}

export type BoardService = ReturnType<typeof createBoardService>;
