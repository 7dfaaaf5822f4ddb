import type { MessageType } from '@l4l/shared/constants/messages';
import type { Case } from '@l4l/shared/schemas/cases';
import { es } from '@l4l/shared/texts/es';
import type { Db } from '../../db/database.ts';
import { notFound } from '../../lib/app-error.ts';
import type { AfterCommit } from '../../lib/transaction.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import type { Chat } from '../chat/index.ts';
import { toCase, viewerOf } from './case-views.ts';
import { type CasesRepository, createCasesRepository } from './cases.repository.ts';

/** The case as `actor` sees it; 404 when they may not see it. */
export async function readCaseAs(repository: CasesRepository, id: string, actor: AuthUser): Promise<Case> {
  const row = await repository.findCase(id, viewerOf(actor));
  if (!row) throw notFound(es.cases.notFound);
  return toCase(row);
}

/**
 * A platform message in the chat of the case's client and its lawyer (the assigned one, or before that the
 * one it was addressed to), delivered after the commit.
 */
export function pairPoster(chat: Chat) {
  return async (
    tx: Db,
    afterCommit: AfterCommit,
    row: { id: string; userId: string; lawyerId: string | null; addressedLawyerId: string | null },
    type: MessageType,
    text: string,
  ) => {
    const lawyerId = row.lawyerId ?? row.addressedLawyerId;
    if (!lawyerId) return;
    const chatId = await createCasesRepository(tx).chatOfPair(row.userId, lawyerId);
    if (chatId) {
      await chat.postMessage({ chatId, senderId: null, type, text, caseId: row.id }, { tx, afterCommit });
    }
  };
}
