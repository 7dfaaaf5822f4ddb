import { caseCode } from '@l4l/shared/constants/cases';
import type { MessageType } from '@l4l/shared/constants/messages';
import { isOpenProposal, PROPOSAL_STATUS, type ProposalStatus } from '@l4l/shared/constants/proposals';
import { formatEuros } from '@l4l/shared/format';
import type { Proposal, ProposalInput } from '@l4l/shared/schemas/cases';
import type { ChatMessage } from '@l4l/shared/schemas/chat';
import { centsToEuros, eurosToCents } from '@l4l/shared/schemas/common';
import { es } from '@l4l/shared/texts/es';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.ts';
import { AppError, invalidTransition, notFound, validationError } from '../../lib/app-error.ts';
import { type AfterCommit, transactional } from '../../lib/transaction.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import {
  authorize,
  CASE_MACHINE,
  type CaseActionName,
  type CasesApi,
  decide,
  PROVIDER,
  tiesOf,
} from '../cases/index.ts';
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
 * Why a proposal that is not PENDIENTE cannot be answered or changed: being paid, taken back by its lawyer
 * (withdrawn or replaced by a new price), or settled.
 */
function notPending(status: ProposalStatus, beingPaid: string): AppError {
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
   * proposal has no open checkout; should one linger, it is cancelled with it, so no payment completes it.
   */
  async function takeBack(
    tx: Db,
    afterCommit: AfterCommit,
    proposals: ProposalsRepository,
    proposal: ProposalRow,
    status: typeof PROPOSAL_STATUS.WITHDRAWN | typeof PROPOSAL_STATUS.SUPERSEDED,
  ) {
    const updated = await proposals.setProposal(proposal.id, { status, decidedAt: new Date() });
    await deps.payments().cancelOpenCheckouts(tx, afterCommit, [proposal.id]);
    return updated;
  }

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
        if (proposal.status !== PROPOSAL_STATUS.PENDING) {
          throw notPending(proposal.status, es.proposals.notPending);
        }
        await proposals.setProposal(proposal.id, { status: PROPOSAL_STATUS.ACCEPTED, decidedAt: new Date() });
        await deps.notify(tx, afterCommit, {
          type: 'proposal.accepted',
          caseId: row.id,
          lawyerId: proposal.lawyerId,
          amountCents: proposal.priceCents,
        });
        return { proposal, row, lawyerName: await fullNameOf(proposals, proposal.lawyerId) };
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
        if (!isOpenProposal(proposal.status)) throw notPending(proposal.status, es.proposals.notPending);
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
        const withdrawn = await takeBack(tx, afterCommit, proposals, proposal, PROPOSAL_STATUS.WITHDRAWN);
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
        await deps.notify(tx, afterCommit, {
          type: 'proposal.withdrawn',
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
        await takeBack(tx, afterCommit, proposals, proposal, PROPOSAL_STATUS.SUPERSEDED);
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
        await deps.notify(tx, afterCommit, {
          type: 'proposal.replaced',
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
        await deps.notify(tx, afterCommit, {
          type: 'proposal.countered',
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

    /**
     * The provider confirmed the payment of a proposal (in the payment's transaction): the proposal is
     * PAGADA, its case ACTIVO, and the other open proposals are turned down and told so. 'conflict': the
     * case or the proposal is no longer open (another payment took the case first).
     */
    async paid(tx: Db, afterCommit: AfterCommit, payment: PaymentRow): Promise<'activated' | 'conflict'> {
      const proposals = createProposalsRepository(tx);
      if (!payment.caseId || !payment.proposalId) return 'conflict';
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
