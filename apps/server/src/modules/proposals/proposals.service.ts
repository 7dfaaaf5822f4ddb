import { caseCode } from '@l4l/shared/constants/cases';
import { isOpenProposal, PROPOSAL_STATUS } from '@l4l/shared/constants/proposals';
import type { Proposal, ProposalInput } from '@l4l/shared/schemas/cases';
import type { ChatMessage } from '@l4l/shared/schemas/chat';
import { eurosToCents } from '@l4l/shared/schemas/common';
import { es } from '@l4l/shared/texts/es';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.ts';
import { AppError, invalidTransition, notFound, validationError } from '../../lib/app-error.ts';
import type { Events } from '../../lib/events.ts';
import { transactional } from '../../lib/transaction.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { authorize, CASE_MACHINE, type CasesApi, tiesOf } from '../cases/index.ts';
import type { Chat } from '../chat/index.ts';
import type { PaymentsService } from '../payments/index.ts';
import { createProposalSteps, euros, notPending, toProposal } from './proposal-steps.ts';
import { createProposalsRepository } from './proposals.repository.ts';

export { toProposal } from './proposal-steps.ts';

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
  /** opens the checkout of an accepted proposal */
  payments: Pick<PaymentsService, 'openCheckout'>;
  /** the proposal events, in the proposal's transaction (docs/decisions/0030-one-event-map.md) */
  events: Pick<Events, 'emit'>;
  log: FastifyBaseLogger;
}) {
  const { db, chat, cases, events } = deps;
  const repository = createProposalsRepository(db);
  const transaction = transactional(db, createProposalsRepository, deps.log);
  const { lockProposalAndCase, lockOwnPendingProposal, takeBack, postAbout, cardOf, noticeOf, fullNameOf } =
    createProposalSteps({ chat, cases });

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
        await postAbout(tx, afterCommit, proposal, cardOf(proposal, CASE_MACHINE.propose.writes.proposal));
        const amountCents = proposal.priceCents;
        await events.emit(tx, afterCommit, 'proposal.received', {
          proposalId: proposal.id,
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
        if (proposal.status !== PROPOSAL_STATUS.PENDING) {
          throw notPending(proposal.status, es.proposals.notPending);
        }
        await proposals.setProposal(proposal.id, { status: PROPOSAL_STATUS.ACCEPTED, decidedAt: new Date() });
        await events.emit(tx, afterCommit, 'proposal.accepted', {
          proposalId: proposal.id,
          caseId: row.id,
          lawyerId: proposal.lawyerId,
          amountCents: proposal.priceCents,
        });
        return { proposal, row, lawyerName: await fullNameOf(proposals, proposal.lawyerId) };
      });
      try {
        return await deps.payments.openCheckout({
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
        if (!isOpenProposal(proposal.status)) throw notPending(proposal.status, es.proposals.notPending);
        const rejected = await proposals.setProposal(proposal.id, {
          status: PROPOSAL_STATUS.REJECTED,
          decidedAt: new Date(),
          rejectReason: reason,
        });
        await events.emit(tx, afterCommit, 'proposal.rejected', {
          proposalId: proposal.id,
          caseId: row.id,
          lawyerId: proposal.lawyerId,
          amountCents: proposal.priceCents,
          reason,
        });
        await cases.refreshProposalFigures(tx, row.id);
        await postAbout(
          tx,
          afterCommit,
          proposal,
          noticeOf(
            CASE_MACHINE.reject.writes.rejected,
            es.caseMessages.proposalRejected(euros(proposal.priceCents), reason),
          ),
        );
        return rejected ?? proposal;
      });
      cases.proposalsChanged(updated.lawyerId);
      return toProposal(updated);
    },

    /**
     * (+) The lawyer takes back their pending proposal: it is RETIRADA, leaves the board's figures, and both
     * read a notice in their chat; the client is told. A proposal being paid cannot be withdrawn.
     */
    async withdraw(actor: AuthUser, proposalId: string): Promise<Proposal> {
      const updated = await transaction(async (proposals, tx, afterCommit) => {
        const { proposal, row } = await lockOwnPendingProposal(
          tx,
          proposals,
          actor,
          proposalId,
          'withdrawProposal',
        );
        const withdrawn = await takeBack(proposals, proposal, PROPOSAL_STATUS.WITHDRAWN);
        await cases.refreshProposalFigures(tx, row.id);
        const lawyer = await fullNameOf(proposals, proposal.lawyerId);
        await postAbout(
          tx,
          afterCommit,
          proposal,
          noticeOf(
            CASE_MACHINE.withdrawProposal.writes.withdrawn,
            es.caseMessages.proposalWithdrawn(lawyer, euros(proposal.priceCents)),
          ),
        );
        await events.emit(tx, afterCommit, 'proposal.withdrawn', {
          proposalId: proposal.id,
          caseId: row.id,
          lawyerId: proposal.lawyerId,
          amountCents: proposal.priceCents,
        });
        return withdrawn ?? proposal;
      });
      cases.proposalsChanged(actor.id);
      return toProposal(updated);
    },

    /**
     * (+) The lawyer replaces their pending proposal with a new price (and, optionally, a new message): the
     * old one is SUSTITUIDA and a new PENDIENTE one takes its place, under the same one-open-proposal rule
     * (the unique index, as for `propose`). The chat shows a notice naming the old one, then the new card;
     * the client is told. A proposal being paid cannot be replaced.
     */
    async replace(actor: AuthUser, proposalId: string, input: { price: number; message?: string }) {
      const stored = await transaction(async (proposals, tx, afterCommit) => {
        const { proposal, row } = await lockOwnPendingProposal(
          tx,
          proposals,
          actor,
          proposalId,
          'replaceProposal',
        );
        const priceCents = eurosToCents(input.price);
        if (priceCents === proposal.priceCents) {
          throw validationError({ price: es.proposals.samePrice(euros(proposal.priceCents)) });
        }
        await takeBack(proposals, proposal, PROPOSAL_STATUS.SUPERSEDED);
        const next = await proposals.insertProposal({
          caseId: row.id,
          lawyerId: actor.id,
          chatId: proposal.chatId,
          priceCents,
          message: input.message?.trim() || proposal.message,
        });
        if (!next) throw new AppError('CONFLICT', { message: es.proposals.alreadyPending });
        await cases.refreshProposalFigures(tx, row.id);
        const lawyer = await fullNameOf(proposals, actor.id);
        // the client's counter-offer, answered with its price: said as an acceptance, not as a new price
        const counterAccepted = proposal.counterOfferCents === priceCents;
        const notice = counterAccepted
          ? es.caseMessages.counterOfferAccepted
          : es.caseMessages.proposalReplaced;
        await postAbout(
          tx,
          afterCommit,
          proposal,
          noticeOf(
            CASE_MACHINE.replaceProposal.writes.replaced,
            notice(lawyer, euros(proposal.priceCents), euros(priceCents)),
          ),
        );
        await postAbout(tx, afterCommit, next, cardOf(next, CASE_MACHINE.replaceProposal.writes.proposal));
        await events.emit(tx, afterCommit, 'proposal.replaced', {
          proposalId: proposal.id,
          nextId: next.id,
          caseId: row.id,
          lawyerId: actor.id,
          amountCents: priceCents,
          counterAccepted,
        });
        return next;
      });
      cases.proposalsChanged(actor.id);
      return toProposal(stored);
    },

    /**
     * (+) The client asks the lawyer of a pending proposal for a lower price: a counter-offer message in
     * their chat (from the client, with the price asked), one per proposal; the lawyer is told, and accepts
     * it by replacing the proposal at that price, or leaves it.
     */
    async counterOffer(
      actor: AuthUser,
      proposalId: string,
      input: { price: number; message?: string },
    ): Promise<ChatMessage> {
      return transaction(async (proposals, tx, afterCommit) => {
        const { proposal, row } = await lockProposalAndCase(tx, proposals, proposalId);
        authorize('counterOffer', actor, row, es.proposals.notFound);
        if (proposal.status !== PROPOSAL_STATUS.PENDING) {
          throw notPending(proposal.status, es.proposals.counterWhilePaying);
        }
        const priceCents = eurosToCents(input.price);
        if (priceCents >= proposal.priceCents) {
          throw validationError({ price: es.proposals.counterMustBeLower(euros(proposal.priceCents)) });
        }
        if (!(await proposals.setCounterOffer(proposal.id, priceCents))) {
          throw new AppError('CONFLICT', { message: es.proposals.counterPending });
        }
        const posted = await postAbout(tx, afterCommit, proposal, {
          type: CASE_MACHINE.counterOffer.writes.counterOffer,
          text: input.message?.trim() || es.caseMessages.counterOffer(euros(priceCents)),
          senderId: actor.id,
          proposalAmountCents: priceCents,
        });
        // every proposal made through the API has its chat; an older one without it takes no counter-offer
        if (!posted) throw invalidTransition(es.proposals.notPending);
        await events.emit(tx, afterCommit, 'proposal.countered', {
          proposalId: proposal.id,
          caseId: row.id,
          lawyerId: proposal.lawyerId,
          amountCents: priceCents,
        });
        return posted;
      });
    },

    /**
     * (+) The proposal's lawyer declines the client's counter-offer and keeps their price: the counter-offer
     * is cleared (the client may ask again), and the pair's chat says so, with the lawyer's note if any.
     */
    async declineCounterOffer(actor: AuthUser, proposalId: string, input: { message?: string }) {
      const updated = await transaction(async (proposals, tx, afterCommit) => {
        const { proposal } = await lockOwnPendingProposal(tx, proposals, actor, proposalId, 'declineCounter');
        const asked = proposal.counterOfferCents;
        const cleared = await proposals.clearCounterOffer(proposal.id);
        if (!cleared || asked === null)
          throw new AppError('CONFLICT', { message: es.proposals.noCounterOffer });
        const lawyer = await fullNameOf(proposals, proposal.lawyerId);
        const text = es.caseMessages.counterDeclined(lawyer, euros(asked), euros(proposal.priceCents));
        const note = input.message?.trim();
        await postAbout(
          tx,
          afterCommit,
          proposal,
          noticeOf(
            CASE_MACHINE.declineCounter.writes.declined,
            note ? `${text} ${es.caseMessages.lawyerNote(note)}` : text,
          ),
        );
        return cleared;
      });
      return toProposal(updated);
    },
  };
}

export type ProposalsService = ReturnType<typeof createProposalsService>;
