import { CASE_STEPS, caseCode } from '@l4l/shared/constants/cases';
import type { MessageType } from '@l4l/shared/constants/messages';
import type { Case } from '@l4l/shared/schemas/cases';
import { es } from '@l4l/shared/texts/es';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.ts';
import { invalidTransition, notFound } from '../../lib/app-error.ts';
import type { Events } from '../../lib/events.ts';
import { type AfterCommit, transactional } from '../../lib/transaction.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import type { Chat } from '../chat/index.ts';
import { createBoardRepository } from './board.repository.ts';
import { afterAction, authorize, CASE_MACHINE, PLATFORM } from './case-machine.ts';
import { pairPoster, readCaseAs } from './case-steps.ts';
import { fullName } from './case-views.ts';
import { type CasesRepository, createCasesRepository, type LockedCase } from './cases.repository.ts';

/** Why the platform finished a case without the client's confirmation. */
export type PlatformFinish = 'auto' | 'dispute';

/**
 * An ACTIVO case's progress and closure (docs/decisions/0006-cases-and-payments.md): the lawyer's steps and
 * closure request, the client's confirmation or refusal, the platform's finish; each under the lock on the
 * case row, authorized by the case machine, with the chat messages it lists.
 */
export function createCaseClosureService(deps: {
  db: Db;
  chat: Chat;
  /** the case events, in the case's transaction (docs/decisions/0030-one-event-map.md) */
  events: Pick<Events, 'emit'>;
  log: FastifyBaseLogger;
}) {
  const { db, chat } = deps;
  const repository = createCasesRepository(db);
  const transaction = transactional(db, createCasesRepository, deps.log);
  const readCase = (id: string, actor: AuthUser): Promise<Case> => readCaseAs(repository, id, actor);
  const postToPair = pairPoster(chat);

  /**
   * The one way a case becomes FINALIZADO (the client's confirmation or the platform's): status and step,
   * dates, the lawyer's counters, the client's figures, in the caller's transaction; then `case.finished`
   * (its money released, the people told).
   */
  async function finish(
    tx: Db,
    afterCommit: AfterCommit,
    row: LockedCase,
    action: 'confirmClosure' | 'finishByPlatform',
  ) {
    const cases = createCasesRepository(tx);
    const lawyerId = row.lawyerId as string;
    const now = new Date();
    await cases.updateCase(row.id, {
      ...afterAction(action, row),
      closureRequestedAt: null,
      finishDate: now,
      endDate: now,
    });
    await cases.moveLawyerCounters(lawyerId, { active: -1, finished: 1 });
    await createBoardRepository(tx).refreshClientFigures(row.userId);
    await deps.events.emit(tx, afterCommit, 'case.finished', {
      caseId: row.id,
      userId: row.userId,
      lawyerId,
      byPlatform: action === 'finishByPlatform',
    });
  }

  return {
    /** The case's lawyer moves the timeline forward (steps 3–6). */
    async progress(actor: AuthUser, id: string, step: number): Promise<Case> {
      await transaction(async (cases: CasesRepository, tx, afterCommit) => {
        const row = await cases.lockCase(id);
        authorize('progress', actor, row);
        if (step <= row.progressStep) throw invalidTransition(es.cases.stepBackwards);
        await cases.updateCase(id, { progressStep: step });
        const text = es.caseMessages.progressed(caseCode(id), CASE_STEPS[step] ?? '');
        await postToPair(tx, afterCommit, row, CASE_MACHINE.progress.writes.progressed, text);
      });
      return readCase(id, actor);
    },

    /** The case's lawyer asks the client to close it. */
    async requestClosure(actor: AuthUser, id: string): Promise<Case> {
      await transaction(async (cases, tx, afterCommit) => {
        const row = await cases.lockCase(id);
        authorize('requestClosure', actor, row);
        if (row.closureRequestedAt) throw invalidTransition(es.cases.closureAlreadyRequested);
        await cases.updateCase(id, { closureRequestedAt: new Date() });
        const text = es.caseMessages.closureRequested(caseCode(id));
        await postToPair(tx, afterCommit, row, CASE_MACHINE.requestClosure.writes.request, text);
        await deps.events.emit(tx, afterCommit, 'closure.requested', { caseId: id });
      });
      return readCase(id, actor);
    },

    /** The client confirms the closure: FINALIZADO, step 7; the chat says so and asks for a rating. */
    async confirmClosure(actor: AuthUser, id: string, chatId: string): Promise<Case> {
      await transaction(async (cases, tx, afterCommit) => {
        const row = await cases.lockCase(id);
        authorize('confirmClosure', actor, row);
        if (!row.closureRequestedAt) throw invalidTransition(es.cases.closureNotRequested);
        const lawyerId = row.lawyerId as string;
        const pairChat = await cases.chatOfPair(row.userId, lawyerId);
        if (!pairChat || pairChat !== chatId) throw notFound(es.chat.chatNotFound);
        await finish(tx, afterCommit, row, 'confirmClosure');
        const code = caseCode(id);
        const lawyer = await cases.person(lawyerId);
        const { confirmed, ratingPrompt } = CASE_MACHINE.confirmClosure.writes;
        const post = (type: MessageType, text: string) =>
          chat.postMessage({ chatId, senderId: null, type, text, caseId: id }, { tx, afterCommit });
        await post(confirmed, es.caseMessages.closureConfirmed(code));
        await post(
          ratingPrompt,
          es.caseMessages.ratingPrompt(fullName(lawyer?.name ?? null, lawyer?.surname ?? null), code),
        );
      });
      return readCase(id, actor);
    },

    /**
     * The platform finishes an ACTIVO case (docs/money.md): 7 days after the lawyer asked to close with no
     * answer ('auto'), or an administrator resolved its dispute ('dispute'). The pair's chat says so and
     * asks for a rating; both are told. In the caller's transaction; false when the case is not ACTIVO.
     */
    async finishByPlatform(
      tx: Db,
      afterCommit: AfterCommit,
      id: string,
      why: PlatformFinish,
    ): Promise<boolean> {
      const cases = createCasesRepository(tx);
      const row = await cases.lockCase(id);
      if (!row || row.status !== CASE_MACHINE.finishByPlatform.from[0]) return false;
      authorize('finishByPlatform', PLATFORM, row);
      await finish(tx, afterCommit, row, 'finishByPlatform');
      const lawyerId = row.lawyerId as string;
      const lawyer = await cases.person(lawyerId);
      const code = caseCode(id);
      const { finished, ratingPrompt } = CASE_MACHINE.finishByPlatform.writes;
      const text = why === 'auto' ? es.money.autoFinishedMessage : es.money.disputeResolvedMessage;
      await postToPair(tx, afterCommit, row, finished, text);
      await postToPair(
        tx,
        afterCommit,
        row,
        ratingPrompt,
        es.caseMessages.ratingPrompt(fullName(lawyer?.name ?? null, lawyer?.surname ?? null), code),
      );
      return true;
    },

    /** ACTIVO cases whose closure was asked for before `before` and is still unanswered (oldest first). */
    closuresDue: (before: Date, limit: number) => repository.closuresDue(before, limit),

    /** The client withdraws the lawyer's closure request; the case stays ACTIVO. */
    async discardClosure(actor: AuthUser, id: string): Promise<Case> {
      await transaction(async (cases, tx, afterCommit) => {
        const row = await cases.lockCase(id);
        authorize('discardClosure', actor, row);
        if (!row.closureRequestedAt) throw invalidTransition(es.cases.closureNotRequested);
        await cases.updateCase(id, { closureRequestedAt: null });
        const text = es.caseMessages.closureDiscarded(caseCode(id));
        await postToPair(tx, afterCommit, row, CASE_MACHINE.discardClosure.writes.discarded, text);
      });
      return readCase(id, actor);
    },
  };
}

export type CaseClosureService = ReturnType<typeof createCaseClosureService>;
