import { caseCode } from '@l4l/shared/constants/cases';
import { UNCLASSIFIED_CATEGORY } from '@l4l/shared/constants/categories';
import { ROLE } from '@l4l/shared/constants/roles';
import type { PageEnvelope } from '@l4l/shared/envelope';
import { formatEuros } from '@l4l/shared/format';
import type { Case, MyCasesQuery } from '@l4l/shared/schemas/cases';
import { centsToEuros } from '@l4l/shared/schemas/common';
import { es } from '@l4l/shared/texts/es';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.ts';
import { forbidden, notFound } from '../../lib/app-error.ts';
import { type AfterCommit, transactional, withTransaction } from '../../lib/transaction.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import type { Chat } from '../chat/index.ts';
import { createBoardRepository } from './board.repository.ts';
import type { BoardService } from './board.service.ts';
import {
  afterAction,
  authorize,
  CASE_MACHINE,
  type CaseTies,
  lawyerTakesPart,
  PROVIDER,
} from './case-machine.ts';
import { pairPoster, readCaseAs } from './case-steps.ts';
import { toCase, viewerOf } from './case-views.ts';
import { type CaseRow, createCasesRepository, type LockedCase } from './cases.repository.ts';

type Paging = { page: number; pageSize: number };
const range = ({ page, pageSize }: Paging) => ({ limit: pageSize, offset: (page - 1) * pageSize });

/** A retried creation with the same Idempotency-Key within this time answers the first case again. */
const CREATION_KEY_MS = 24 * 60 * 60 * 1000;
class CreationKeyTaken extends Error {}

/** The ties of a case as the machine reads them, with whether the acting lawyer has proposed on it. */
export const tiesOf = (row: CaseRow): CaseTies => ({ ...row, proposedByActor: row.myProposal !== null });

/** What the case of a confirmed payment becomes (the proposals feature calls it in the payment's transaction). */
export type Activation = {
  row: LockedCase;
  proposal: { id: string; lawyerId: string; chatId: string | null };
  amountCents: number;
  at: Date;
};

/**
 * Cases from creation to closure (docs/decisions/0006-cases-and-payments.md): every change of a case runs
 * in one transaction under a lock on the case row, is authorized by the state machine of
 * `case-machine.ts`, and writes the chat messages the machine lists, delivered after the commit.
 * Its progress and closure (case-closure.service.ts), proposals, the administrators' review, the board and
 * ratings are their own files and modules.
 */
export function createCasesService(deps: {
  db: Db;
  chat: Chat;
  board: BoardService;
  log: FastifyBaseLogger;
}) {
  const { db, chat } = deps;

  const repository = createCasesRepository(db);
  const transaction = transactional(db, createCasesRepository, deps.log);
  const readCase = (id: string, actor: AuthUser) => readCaseAs(repository, id, actor);
  const postToPair = pairPoster(chat);

  /**
   * Runs a creation once per Idempotency-Key: a key seen in the last 24 hours answers the case it made;
   * two creations racing with one key make one case (the key's primary key decides, the second rolls back).
   */
  async function createOnce(
    actor: AuthUser,
    key: string | undefined,
    create: (tx: Db, afterCommit: AfterCommit) => Promise<string>,
  ): Promise<string> {
    const since = () => new Date(Date.now() - CREATION_KEY_MS);
    if (key) {
      const earlier = await repository.caseOfCreationKey(actor.id, key, since());
      if (earlier) return earlier;
    }
    try {
      return await withTransaction(
        db,
        async (tx, afterCommit) => {
          const id = await create(tx, afterCommit);
          if (key && !(await createCasesRepository(tx).claimCreationKey(actor.id, key, id, since()))) {
            throw new CreationKeyTaken();
          }
          return id;
        },
        deps.log,
      );
    } catch (error) {
      const earlier = error instanceof CreationKeyTaken && key;
      const first = earlier ? await repository.caseOfCreationKey(actor.id, key, since()) : null;
      if (first) return first;
      throw error;
    }
  }

  async function page(
    result: Promise<{ rows: CaseRow[]; total: number }>,
    paging: Paging,
  ): Promise<PageEnvelope<Case>> {
    const { rows, total } = await result;
    return { data: rows.map(toCase), meta: { total, page: paging.page, pageSize: paging.pageSize } };
  }

  return {
    /** A general case: waits for validation, category 'Por calificar'. */
    async createCase(
      actor: AuthUser,
      input: { title: string; description: string; userId?: string },
      idempotencyKey?: string,
    ): Promise<Case> {
      if (input.userId && input.userId !== actor.id) throw forbidden(es.cases.notYourCase);
      const id = await createOnce(actor, idempotencyKey && `new-case:${idempotencyKey}`, (tx) =>
        createCasesRepository(tx).insertCase({
          userId: actor.id,
          title: input.title,
          description: input.description,
          category: UNCLASSIFIED_CATEGORY,
        }),
      );
      return readCase(id, actor);
    },

    /** A case addressed to one lawyer from their profile, and the chat with them (told of the case). */
    async createCaseChat(
      actor: AuthUser,
      input: { title: string; description: string; lawyerId: string; userId?: string },
      idempotencyKey?: string,
    ): Promise<{ case: Case; chatId: string }> {
      if (input.userId && input.userId !== actor.id) throw forbidden(es.cases.notYourCase);
      const lawyer = await repository.person(input.lawyerId);
      if (!lawyer || lawyer.role !== ROLE.ABOGADO || !lawyer.verifiedAt || lawyer.bannedAt) {
        throw notFound(es.cases.lawyerUnavailable);
      }
      const opened = await chat.openChat(actor.id, input.lawyerId);
      const id = await createOnce(
        actor,
        idempotencyKey && `case-chat:${input.lawyerId}:${idempotencyKey}`,
        async (tx, afterCommit) => {
          const caseId = await createCasesRepository(tx).insertCase({
            userId: actor.id,
            addressedLawyerId: input.lawyerId,
            title: input.title,
            description: input.description,
            category: UNCLASSIFIED_CATEGORY,
          });
          await chat.postMessage(
            {
              chatId: opened.id,
              senderId: null,
              type: CASE_MACHINE.create.writes.addressed,
              text: es.caseMessages.addressed(input.title),
              caseId,
            },
            { tx, afterCommit },
          );
          return caseId;
        },
      );
      return { case: await readCase(id, actor), chatId: opened.id };
    },

    /** The case as the caller may see it: its client, a lawyer taking part, administrators; else 404. */
    async getCase(actor: AuthUser, id: string): Promise<Case> {
      const row = await repository.findCase(id, viewerOf(actor));
      const visible =
        row &&
        (actor.role === ROLE.ADMIN ||
          (actor.role === ROLE.USUARIO ? row.userId === actor.id : lawyerTakesPart(tiesOf(row), actor.id)));
      if (!row || !visible) throw notFound(es.cases.notFound);
      return toCase(row);
    },

    /** The case as a person reads it (no visibility check: the caller's action decides). */
    findCase: (actor: Pick<AuthUser, 'id' | 'role'>, id: string) => repository.findCase(id, viewerOf(actor)),

    /** The case row, locked in the caller's transaction. */
    lockCase: (tx: Db, id: string) => createCasesRepository(tx).lockCase(id),

    clientCases: (userId: string, query: MyCasesQuery) =>
      page(repository.clientCases(userId, query.status, range(query)), query),

    lawyerCases: (lawyerId: string, query: MyCasesQuery) =>
      page(repository.lawyerCases(lawyerId, query.status, range(query)), query),

    adminCases: (admin: AuthUser, query: MyCasesQuery) =>
      page(repository.adminCases(admin.id, query.status, range(query)), query),

    /**
     * The payment of a proposal is confirmed (in the payment's transaction, the case locked by the caller):
     * the case becomes ACTIVO with its lawyer and price, leaves the board, and the pair's chat says so.
     */
    async activate(tx: Db, afterCommit: AfterCommit, paid: Activation): Promise<void> {
      const { row, proposal } = paid;
      authorize('activate', PROVIDER, row);
      const cases = createCasesRepository(tx);
      const board = createBoardRepository(tx);
      await cases.updateCase(row.id, {
        ...afterAction('activate', row),
        lawyerId: proposal.lawyerId,
        casePriceCents: paid.amountCents,
        assignationDate: paid.at,
        startDate: paid.at,
      });
      await cases.moveLawyerCounters(proposal.lawyerId, { active: 1, finished: 0 });
      await board.removeFromBoard(row.id);
      await board.refreshClientFigures(row.userId);
      const chatId = proposal.chatId ?? (await cases.chatOfPair(row.userId, proposal.lawyerId));
      if (chatId) {
        await chat.postMessage(
          {
            chatId,
            senderId: null,
            type: CASE_MACHINE.activate.writes.paid,
            text: es.caseMessages.paid(caseCode(row.id), formatEuros(centsToEuros(paid.amountCents))),
            proposalId: proposal.id,
            caseId: row.id,
            proposalAmountCents: paid.amountCents,
          },
          { tx, afterCommit },
        );
      }
    },

    /** The client corrects the title or the description while the case waits for validation. */
    async editCase(
      actor: AuthUser,
      id: string,
      input: { title: string; description: string },
    ): Promise<Case> {
      await transaction(async (cases) => {
        const row = await cases.lockCase(id);
        authorize('edit', actor, row);
        await cases.updateCase(id, { title: input.title, description: input.description });
      });
      return readCase(id, actor);
    },

    /**
     * The client withdraws a case before it is validated: DESCARTADO, with the reason that they withdrew it
     * (administrators no longer see it waiting); the chat of an addressed case tells its lawyer.
     */
    async withdrawCase(actor: AuthUser, id: string): Promise<Case> {
      await transaction(async (cases, tx, afterCommit) => {
        const row = await cases.lockCase(id);
        authorize('withdraw', actor, row);
        await cases.updateCase(id, {
          ...afterAction('withdraw', row),
          discardReason: es.cases.withdrawnReason,
        });
        const notice = es.caseMessages.withdrawn(row.title);
        await postToPair(tx, afterCommit, row, CASE_MACHINE.withdraw.writes.withdrawn, notice);
      });
      return readCase(id, actor);
    },
  };
}

export type CasesService = ReturnType<typeof createCasesService>;
