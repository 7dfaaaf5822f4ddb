import { caseCode } from '@l4l/shared/constants/cases';
import { isOpenProposal, PROPOSAL_STATUS } from '@l4l/shared/constants/proposals';
import { formatEuros } from '@l4l/shared/format';
import type { Proposal, ProposalInput } from '@l4l/shared/schemas/cases';
import { centsToEuros, eurosToCents } from '@l4l/shared/schemas/common';
import { es } from '@l4l/shared/texts/es';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.ts';
import { AppError, invalidTransition, notFound } from '../../lib/app-error.ts';
import { type AfterCommit, transactional } from '../../lib/transaction.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { authorize, CASE_MACHINE, type CasesApi, decide, PROVIDER, tiesOf } from '../cases/index.ts';
import type { Chat } from '../chat/index.ts';
import type { NotifyEvent } from '../notifications/index.ts';
import type { PaymentRow, PaymentsService } from '../payments/index.ts';
import {
  createProposalsRepository,
  type ProposalRow,
  type ProposalsRepository,
} from './proposals.repository.ts';

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

const euros = (cents: number) => formatEuros(centsToEuros(cents));

/**
 * Proposals from offer to payment (docs/decisions/0006-cases-and-payments.md): a lawyer's closed price on a
 * case, at most one open per lawyer and case; the client accepts one (its checkout opens) or rejects it;
 * the provider's confirmed payment makes it PAGADA, activates its case and turns the others down. Each
 * step is authorized by the case machine under the lock on the case row, then the proposal's own row.
 */
export function createProposalsService(deps: {
  db: Db;
  chat: Chat;
  cases: CasesApi;
  /** the payments feature (read when used: it is registered after this one) */
  payments: () => Pick<PaymentsService, 'openCheckout' | 'cancelOpenCheckouts'>;
  /** tells the other party, in the proposal's transaction */
  notify: NotifyEvent;
  log: FastifyBaseLogger;
}) {
  const { db, chat, cases } = deps;
  const repository = createProposalsRepository(db);
  const transaction = transactional(db, createProposalsRepository, deps.log);

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

  return {
    /** A lawyer's offer: one open per lawyer and case; opens (or reuses) the chat with the client. */
    async propose(
      actor: AuthUser,
      caseId: string,
      input: ProposalInput & { price: number },
    ): Promise<Proposal> {
      const seen = await cases.findCase(actor, caseId);
      const ties = seen && tiesOf(seen);
      authorize('propose', actor, ties);
      const opened = await chat.openChat(ties.userId, actor.id);
      const stored = await transaction(async (proposals, tx, afterCommit) => {
        const row = await cases.lockCase(tx, caseId);
        authorize('propose', actor, row && { ...row, proposedByActor: ties.proposedByActor });
        const proposal = await proposals.insertProposal({
          caseId,
          lawyerId: actor.id,
          chatId: opened.id,
          priceCents: eurosToCents(input.price),
          message: input.message.trim(),
        });
        if (!proposal) throw new AppError('CONFLICT', { message: es.proposals.alreadyPending });
        await cases.refreshProposalFigures(tx, caseId);
        await chat.postMessage(
          {
            chatId: opened.id,
            senderId: actor.id,
            type: CASE_MACHINE.propose.writes.proposal,
            text: proposal.message,
            proposalId: proposal.id,
            caseId,
            proposalAmountCents: proposal.priceCents,
          },
          { tx, afterCommit },
        );
        const amountCents = proposal.priceCents;
        await deps.notify(tx, afterCommit, {
          type: 'proposal.received',
          caseId,
          lawyerId: actor.id,
          amountCents,
        });
        return proposal;
      });
      cases.proposalsChanged(actor.id);
      return toProposal(stored);
    },

    /**
     * The client accepts a proposal: it is held (ACEPTADA) and the provider's checkout opens for its stored
     * price; the case changes only when the provider confirms the payment (`paid`).
     */
    async accept(actor: AuthUser, proposalId: string): Promise<string> {
      const held = await transaction(async (proposals, tx, afterCommit) => {
        const { proposal, row } = await lockProposalAndCase(tx, proposals, proposalId);
        authorize('accept', actor, row, es.proposals.notFound);
        if (proposal.status !== PROPOSAL_STATUS.PENDING) throw invalidTransition(es.proposals.notPending);
        await proposals.setProposal(proposal.id, { status: PROPOSAL_STATUS.ACCEPTED, decidedAt: new Date() });
        await deps.notify(tx, afterCommit, {
          type: 'proposal.accepted',
          caseId: row.id,
          lawyerId: proposal.lawyerId,
          amountCents: proposal.priceCents,
        });
        const lawyer = await proposals.lawyerName(proposal.lawyerId);
        return { proposal, row, lawyerName: `${lawyer?.name ?? ''} ${lawyer?.surname ?? ''}`.trim() };
      });
      try {
        return await deps.payments().openCheckout({
          proposalId: held.proposal.id,
          caseId: held.row.id,
          caseCode: caseCode(held.row.id),
          caseTitle: held.row.title,
          lawyerName: held.lawyerName,
          amountCents: held.proposal.priceCents,
          userId: held.row.userId,
          lawyerId: held.proposal.lawyerId,
        });
      } catch (error) {
        await repository.releaseAccepted(held.proposal.id);
        throw error;
      }
    },

    /** The client turns a proposal down (its open checkout closes); both read a notice in their chat. */
    async reject(
      actor: AuthUser,
      proposalId: string,
      chatId: string,
      reason: string | null = null,
    ): Promise<Proposal> {
      const updated = await transaction(async (proposals, tx, afterCommit) => {
        const { proposal, row } = await lockProposalAndCase(tx, proposals, proposalId);
        if (proposal.chatId && proposal.chatId !== chatId) throw notFound(es.proposals.notFound);
        authorize('reject', actor, row, es.proposals.notFound);
        if (!isOpenProposal(proposal.status)) throw invalidTransition(es.proposals.notPending);
        const rejected = await proposals.setProposal(proposal.id, {
          status: PROPOSAL_STATUS.REJECTED,
          decidedAt: new Date(),
          rejectReason: reason,
        });
        await deps.payments().cancelOpenCheckouts(tx, afterCommit, [proposal.id]);
        await deps.notify(tx, afterCommit, {
          type: 'proposal.rejected',
          caseId: row.id,
          lawyerId: proposal.lawyerId,
          amountCents: proposal.priceCents,
          reason,
        });
        await cases.refreshProposalFigures(tx, row.id);
        if (proposal.chatId) {
          await chat.postMessage(
            {
              chatId: proposal.chatId,
              senderId: null,
              type: CASE_MACHINE.reject.writes.rejected,
              text: es.caseMessages.proposalRejected(euros(proposal.priceCents), reason),
              proposalId: proposal.id,
              caseId: row.id,
            },
            { tx, afterCommit },
          );
        }
        return rejected ?? proposal;
      });
      cases.proposalsChanged(updated.lawyerId);
      return toProposal(updated);
    },

    /**
     * The provider confirmed the payment of a proposal (in the payment's transaction): the proposal is
     * PAGADA, its case ACTIVO, and the other open proposals are turned down and told so. 'conflict': the
     * case or the proposal is no longer open (another payment took the case first).
     */
    async paid(tx: Db, afterCommit: AfterCommit, payment: PaymentRow): Promise<'activated' | 'conflict'> {
      const proposals = createProposalsRepository(tx);
      const row = await cases.lockCase(tx, payment.caseId);
      const proposal = await proposals.lockProposal(payment.proposalId);
      if (!row || !proposal || decide('activate', PROVIDER, row) !== 'allowed') return 'conflict';
      if (!isOpenProposal(proposal.status)) return 'conflict';
      const at = payment.completedAt ?? new Date();
      await proposals.setProposal(proposal.id, { status: PROPOSAL_STATUS.PAID, decidedAt: at });
      const others = await proposals.rejectOthers(row.id, proposal.id);
      // the case's price is the proposal's (a business client is charged it less the IRPF it withholds)
      await cases.activate(tx, afterCommit, { row, proposal, amountCents: proposal.priceCents, at });
      cases.proposalsChanged(proposal.lawyerId, ...others.map((other) => other.lawyerId));
      for (const other of others) {
        if (!other.chatId) continue;
        await chat.postMessage(
          {
            chatId: other.chatId,
            senderId: null,
            type: CASE_MACHINE.activate.writes.takenByOther,
            text: es.caseMessages.takenByOther(caseCode(row.id)),
            proposalId: other.id,
            caseId: row.id,
          },
          { tx, afterCommit },
        );
      }
      return 'activated';
    },

    /** The checkout of an accepted proposal closed unpaid: the client may accept it again. */
    released: (tx: Db, proposalId: string) => createProposalsRepository(tx).releaseAccepted(proposalId),
  };
}

export type ProposalsService = ReturnType<typeof createProposalsService>;
