import type { PageEnvelope } from '@l4l/shared/envelope';
import type { BoardCase, BoardQuery } from '@l4l/shared/schemas/cases';
import type { Db, StatementSource } from '../../db/database.ts';
import { MicroCache } from '../../lib/micro-cache.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { type BoardRepository, createBoardRepository } from './board.repository.ts';
import { createBoardSearch } from './board.search.ts';
import { createIndexedBoard } from './board.search-indexed.ts';
import { type StoredProposal, toBoardCase } from './case-views.ts';

const range = ({ page, pageSize }: { page: number; pageSize: number }) => ({
  limit: pageSize,
  offset: (page - 1) * pageSize,
});

/**
 * The board as lawyers read it (docs/decisions/0006-cases-and-payments.md): the same page for every lawyer,
 * served again for a few seconds, with the caller's own proposals read fresh (forgotten in this process as
 * soon as one of them changes: `proposalsChanged`).
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
  const boardPages = new MicroCache<Awaited<ReturnType<BoardRepository['board']>>>(deps.boardCacheMs, 500, {
    refreshAheadMs: deps.boardCacheMs / 2,
  });
  const ownProposals = new MicroCache<Awaited<ReturnType<BoardRepository['latestProposalsOf']>>>(
    deps.boardCacheMs,
    5000,
    { refreshAheadMs: deps.boardCacheMs / 2 },
  );
  const withoutProposals = new WeakMap<object, PageEnvelope<BoardCase>>();
  const ownVersion = new Map<string, number>();

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

    async board(actor: AuthUser, query: BoardQuery): Promise<PageEnvelope<BoardCase>> {
      const key = JSON.stringify([
        query.search ?? '',
        query.category ?? '',
        query.sort,
        query.page,
        query.pageSize,
      ]);
      const cached = await boardPages.get(key, () => repository.board(query, range(query)));
      const { rows, total, exact } = cached;
      const ids = rows.map((row) => row.id);
      const proposals = await ownProposals.get(`${actor.id}:${ownVersion.get(actor.id) ?? 0}:${key}`, () =>
        repository.latestProposalsOf(actor.id, ids),
      );
      const envelope = (myProposal: (id: string) => StoredProposal) => ({
        data: rows.map((row) => toBoardCase({ ...row, myProposal: myProposal(row.id) })),
        meta: { total, totalIsExact: exact, page: query.page, pageSize: query.pageSize },
      });
      // most lawyers have no proposal on a page: they all get the same answer object, which the route
      // serializes once (lib/rendered-json.ts)
      if (proposals.length === 0) {
        let shared = withoutProposals.get(cached);
        if (!shared) {
          shared = envelope(() => null);
          withoutProposals.set(cached, shared);
        }
        return shared;
      }
      const mine = new Map(proposals.map((p) => [p.caseId, p]));
      return envelope((id) => mine.get(id) ?? null);
    },
  };
}

export type BoardService = ReturnType<typeof createBoardService>;
