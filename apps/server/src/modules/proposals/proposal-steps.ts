import type { MessageType } from '@l4l/shared/constants/messages';
import { PROPOSAL_STATUS, type ProposalStatus } from '@l4l/shared/constants/proposals';
import { formatEuros } from '@l4l/shared/format';
import type { Proposal } from '@l4l/shared/schemas/cases';
import { centsToEuros } from '@l4l/shared/schemas/common';
import { es } from '@l4l/shared/texts/es';
import type { Db } from '../../db/database.ts';
import { type AppError, invalidTransition, notFound } from '../../lib/app-error.ts';
import type { AfterCommit } from '../../lib/transaction.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { authorize, type CaseActionName, type CasesApi } from '../cases/index.ts';
import type { Chat } from '../chat/index.ts';
import type { ProposalRow, ProposalsRepository } from './proposals.repository.ts';

export function toProposal(row: ProposalRow): Proposal {
  return {
    id: row.id,
    caseId: row.caseId,
    lawyerId: row.lawyerId,
    chatId: row.chatId,
    price: centsToEuros(row.priceCents),
    message: row.message,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    rejectReason: row.rejectReason,
  };
}

export const euros = (cents: number) => formatEuros(centsToEuros(cents));

/**
 * Why a proposal that is not PENDIENTE cannot be answered or changed: being paid, taken back by its lawyer
 * (withdrawn or replaced by a new price), or settled.
 */
export function notPending(status: ProposalStatus, beingPaid: string): AppError {
  switch (status) {
    case PROPOSAL_STATUS.ACCEPTED:
      return invalidTransition(beingPaid);
    case PROPOSAL_STATUS.WITHDRAWN:
      return invalidTransition(es.proposals.withdrawnAlready);
    case PROPOSAL_STATUS.SUPERSEDED:
      return invalidTransition(es.proposals.supersededAlready);
    default:
      return invalidTransition(es.proposals.notPending);
  }
}

/** The steps every change of a proposal is made of: its locks, its chat messages, its lawyer's name. */
export function createProposalSteps(deps: { chat: Chat; cases: Pick<CasesApi, 'lockCase'> }) {
  const { chat, cases } = deps;

  /**
   * Locks a proposal's case, then the proposal: every writer takes the case first (payments too), so
   * concurrent actions on one case queue instead of deadlocking.
   */
  async function lockProposalAndCase(tx: Db, proposals: ProposalsRepository, proposalId: string) {
    const found = await proposals.findProposal(proposalId);
    const row = found && (await cases.lockCase(tx, found.caseId));
    const proposal = row && (await proposals.lockProposal(proposalId));
    if (!row || !proposal) throw notFound(es.proposals.notFound);
    return { proposal, row };
  }

  /**
   * (+) The acting lawyer's own PENDIENTE proposal, locked with its case, for `action` (withdraw or replace):
   * anyone else's is 404, a case no longer open 409, and a proposal being paid (ACEPTADA: its checkout is
   * open) 409 with the reason, as is one already settled.
   */
  async function lockOwnPendingProposal(
    tx: Db,
    proposals: ProposalsRepository,
    actor: AuthUser,
    proposalId: string,
    action: Extract<CaseActionName, 'withdrawProposal' | 'replaceProposal' | 'declineCounter'>,
  ) {
    const { proposal, row } = await lockProposalAndCase(tx, proposals, proposalId);
    if (proposal.lawyerId !== actor.id) throw notFound(es.proposals.notFound);
    authorize(action, actor, { ...row, proposedByActor: true }, es.proposals.notFound);
    if (proposal.status !== PROPOSAL_STATUS.PENDING)
      throw notPending(proposal.status, es.proposals.beingPaid);
    return { proposal, row };
  }

  /**
   * (+) Its lawyer takes a pending proposal back (withdrawn, or superseded by a new price). A pending
   * proposal has no open checkout; should one linger, the payments feature cancels it on the proposal's
   * event, so no payment completes it.
   */
  const takeBack = (
    proposals: ProposalsRepository,
    proposal: ProposalRow,
    status: typeof PROPOSAL_STATUS.WITHDRAWN | typeof PROPOSAL_STATUS.SUPERSEDED,
  ) => proposals.setProposal(proposal.id, { status, decidedAt: new Date() });

  /**
   * A chat message naming a proposal, in the transaction that changed it: its card (type 2, from its lawyer,
   * with its price, `cardOf`) or a platform notice about it (type 8, `noticeOf`).
   */
  async function postAbout(
    tx: Db,
    afterCommit: AfterCommit,
    proposal: ProposalRow,
    message: { type: MessageType; text: string; senderId: string | null; proposalAmountCents?: number },
  ) {
    if (!proposal.chatId) return undefined;
    const posted = await chat.postMessage(
      { chatId: proposal.chatId, proposalId: proposal.id, caseId: proposal.caseId, ...message },
      { tx, afterCommit },
    );
    return posted.message;
  }
  const cardOf = (proposal: ProposalRow, type: MessageType) => ({
    type,
    text: proposal.message,
    senderId: proposal.lawyerId,
    proposalAmountCents: proposal.priceCents,
  });
  const noticeOf = (type: MessageType, text: string) => ({ type, text, senderId: null });

  const fullNameOf = async (proposals: ProposalsRepository, lawyerId: string) => {
    const lawyer = await proposals.lawyerName(lawyerId);
    return `${lawyer?.name ?? ''} ${lawyer?.surname ?? ''}`.trim();
  };

  return { lockProposalAndCase, lockOwnPendingProposal, takeBack, postAbout, cardOf, noticeOf, fullNameOf };
}

export type ProposalSteps = ReturnType<typeof createProposalSteps>;
