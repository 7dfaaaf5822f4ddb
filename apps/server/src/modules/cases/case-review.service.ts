import type { MessageType } from '@l4l/shared/constants/messages';
import type { Case } from '@l4l/shared/schemas/cases';
import { es } from '@l4l/shared/texts/es';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.ts';
import type { Events } from '../../lib/events.ts';
import { type AfterCommit, transactional } from '../../lib/transaction.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { recordAudit } from '../admin/index.ts';
import type { Chat } from '../chat/index.ts';
import { createBoardRepository } from './board.repository.ts';
import { afterAction, authorize, CASE_MACHINE } from './case-machine.ts';
import { toCase, viewerOf } from './case-views.ts';
import { createCasesRepository, type LockedCase } from './cases.repository.ts';

/**
 * The administrators' review of a new case, the machine's `approve` and `discard`: the case is published
 * on the board (a general one) or turned down, the action is audited in the same transaction, and the
 * client is told by a notification (and its mail, docs/notifications.md) and, where a chat exists (an
 * addressed case), by a client-only notice.
 */
export function createCaseReviewService(deps: {
  db: Db;
  chat: Chat;
  /** the review's events, in its transaction (docs/decisions/0030-one-event-map.md) */
  events: Pick<Events, 'emit'>;
  log: FastifyBaseLogger;
}) {
  const { db, chat } = deps;
  const transaction = transactional(db, createCasesRepository, deps.log);

  async function readCase(id: string, admin: AuthUser): Promise<Case> {
    const row = await createCasesRepository(db).findCase(id, viewerOf(admin));
    if (!row) throw new Error(`case ${id} vanished after its review`);
    return toCase(row);
  }

  /** The client-only notice in the chat of an addressed case, when there is one. */
  async function noticeToClient(
    tx: Db,
    afterCommit: AfterCommit,
    row: LockedCase,
    type: MessageType,
    text: string,
  ) {
    if (!row.addressedLawyerId) return;
    const chatId = await createCasesRepository(tx).chatOfPair(row.userId, row.addressedLawyerId);
    if (!chatId) return;
    await chat.postMessage({ chatId, senderId: null, type, text, caseId: row.id }, { tx, afterCommit });
  }

  return {
    /** An administrator publishes a case with its category. */
    async approve(admin: AuthUser, id: string, category: string): Promise<Case> {
      await transaction(async (cases, tx, afterCommit) => {
        const row = await cases.lockCase(id);
        authorize('approve', admin, row);
        await cases.updateCase(id, {
          ...afterAction('approve', row),
          category,
          validatedAt: new Date(),
          validatedBy: admin.id,
        });
        // a general case is published on the board; one addressed to a lawyer stays with them
        if (!row.addressedLawyerId) {
          await createBoardRepository(tx).addToBoard(row, category);
          await deps.events.emit(tx, afterCommit, 'case.published', { caseId: id });
        }
        await recordAudit(tx, {
          adminId: admin.id,
          action: 'case.approve',
          targetType: 'case',
          targetId: id,
          details: { category },
        });
        const notice = es.caseMessages.approved(row.title);
        await noticeToClient(tx, afterCommit, row, CASE_MACHINE.approve.writes.toClient, notice);
        await deps.events.emit(tx, afterCommit, 'case.approved', { caseId: id });
      });
      return readCase(id, admin);
    },

    /** An administrator turns a case down, with a reason the client reads. */
    async discard(admin: AuthUser, id: string, reason: string | undefined): Promise<Case> {
      await transaction(async (cases, tx, afterCommit) => {
        const row = await cases.lockCase(id);
        authorize('discard', admin, row);
        await cases.updateCase(id, {
          ...afterAction('discard', row),
          discardReason: reason || null,
          validatedAt: new Date(),
          validatedBy: admin.id,
        });
        await recordAudit(tx, {
          adminId: admin.id,
          action: 'case.discard',
          targetType: 'case',
          targetId: id,
          reason: reason || null,
        });
        const notice = es.caseMessages.discarded(row.title, reason);
        await noticeToClient(tx, afterCommit, row, CASE_MACHINE.discard.writes.toClient, notice);
        await deps.events.emit(tx, afterCommit, 'case.discarded', { caseId: id, reason: reason || null });
      });
      return readCase(id, admin);
    },
  };
}

export type CaseReviewService = ReturnType<typeof createCaseReviewService>;
