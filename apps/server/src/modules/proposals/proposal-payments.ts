import { caseCode } from '@l4l/shared/constants/cases';
import { isOpenProposal, PROPOSAL_STATUS } from '@l4l/shared/constants/proposals';
import { es } from '@l4l/shared/texts/es';
import type { Db } from '../../db/database.ts';
import { EventRefused, type PaymentRecord, type Subscribers } from '../../lib/events.ts';
import type { AfterCommit } from '../../lib/transaction.ts';
import { CASE_MACHINE, type CasesApi, decide, PROVIDER } from '../cases/index.ts';
import type { Chat } from '../chat/index.ts';
import { createProposalsRepository } from './proposals.repository.ts';

/**
 * What the payments' events do to proposals (docs/decisions/0030-one-event-map.md): a completed payment
 * pays its proposal and activates its case; a checkout closed unpaid frees its proposal.
 */
export function createProposalPayments(deps: {
  chat: Chat;
  cases: Pick<CasesApi, 'lockCase' | 'activate' | 'proposalsChanged'>;
}) {
  const { chat, cases } = deps;

  /**
   * The provider confirmed the payment of a proposal (in the payment's transaction): the proposal is
   * PAGADA, its case ACTIVO, and the other open proposals are turned down and told so. Refused when the
   * case or the proposal is no longer open (another payment took the case first): the payment goes back.
   */
  async function paid(tx: Db, afterCommit: AfterCommit, payment: PaymentRecord): Promise<void> {
    // a first consultation's payment is the consultations' to confirm
    if (!payment.caseId || !payment.proposalId) return;
    const proposals = createProposalsRepository(tx);
    const row = await cases.lockCase(tx, payment.caseId);
    const proposal = await proposals.lockProposal(payment.proposalId);
    if (!row || !proposal || decide('activate', PROVIDER, row) !== 'allowed') {
      throw new EventRefused('the case no longer takes a payment');
    }
    if (!isOpenProposal(proposal.status)) throw new EventRefused('the proposal is no longer open');
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
  }

  return {
    'payment.completed': (tx, afterCommit, { payment }) => paid(tx, afterCommit, payment),
    // the checkout of an accepted proposal closed unpaid: the client may accept it again
    'checkout.released': async (tx, _afterCommit, { proposalId }) => {
      if (proposalId) await createProposalsRepository(tx).releaseAccepted(proposalId);
    },
  } satisfies Subscribers;
}
