import { createHash } from 'node:crypto';
import { LEDGER_LEGS, type LedgerLeg } from '@l4l/shared/constants/money';
import { feeBreakdown } from '@l4l/shared/fiscal/fee';
import type {
  cases,
  disputes,
  ledgerEntries,
  payments,
  payoutAccounts,
  refunds,
  transfers,
  users,
} from '../schema/index.ts';

type Row<T extends { $inferInsert: unknown }> = T['$inferInsert'];
/** A case's payment in the demo (its case and proposal always set; the consultation's is demo-consultations.ts's). */
export type CasePayment = Row<typeof payments> & { caseId: string; proposalId: string };

const stableId = (key: string) => {
  const hex = createHash('sha1').update(`l4l-demo-money:${key}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
};
const accountId = (lawyerId: string) =>
  `sbx_acct_${createHash('sha1').update(lawyerId).digest('base64url').slice(0, 24)}`;

/**
 * The demo's money (docs/money.md), consistent with its payments so that the ledger check passes on a
 * fresh demo: every payment charged; finished cases released, their share sent to lawyers with an enabled
 * sandbox payout account (all but one, whose money shows as available), the first of them reversed in
 * part outside L4L (docs/money.md, Reversals outside L4L); one running case disputed; one running case
 * refunded in part. Mutates the payments it is given (ids, refunded amounts).
 */
/** A notification the demo's money would have sent (docs/notifications.md, Event types). */
export type DemoMoneyNotice = {
  type: 'refund.issued' | 'payout.reversed';
  userId: string;
  caseId: string;
  at: Date;
  amountCents: number;
  reason: string;
};

type MoneyPlan = {
  transfers: Row<typeof transfers>[];
  refunds: Row<typeof refunds>[];
  ledger: Row<typeof ledgerEntries>[];
  notices: DemoMoneyNotice[];
};

/**
 * A finished case whose share was sent, refunded in part an hour later (docs/money.md, Refunds): the fee
 * and the lawyer's share give back in proportion, the lawyer's part reversed from the sent transfer, and
 * both parties told.
 */
function refundAfterPayout(plan: MoneyPlan, payment: CasePayment & { id: string }, doneAt: Date) {
  const transfer = plan.transfers.at(-1);
  if (!transfer?.providerTransferId) return;
  const at = new Date(doneAt.getTime() + 60 * 60 * 1000);
  const cents = Math.round(payment.amountCents / 5);
  const fee = payment.feeCents ?? 0;
  const feeBack = fee - Math.round((fee * (payment.amountCents - cents)) / payment.amountCents);
  const lawyerBack = cents - feeBack;
  const reason = 'Una de las gestiones acordadas no llegó a hacerse.';
  const providerRefundId = `demo_re_${payment.id.replaceAll('-', '').slice(0, 20)}`;
  const key = `${payment.id}-0-${cents}`;
  const movementId = (kind: string) => stableId(`${kind}:${key}`);
  const entry = (kind: 'reversal' | 'refund', reference: string, legs: LedgerLeg[]) => {
    for (const { account, cents: amountCents } of legs) {
      if (amountCents === 0) continue;
      const id = movementId(kind);
      plan.ledger.push({
        movementId: id,
        kind,
        reference,
        caseId: payment.caseId,
        account,
        amountCents,
        createdAt: at,
      });
    }
  };
  entry('reversal', key, LEDGER_LEGS.reversal(lawyerBack));
  entry(
    'refund',
    providerRefundId,
    LEDGER_LEGS.refund({ feeCents: feeBack, payableCents: lawyerBack, unreconciledCents: 0 }),
  );
  transfer.reversedCents = lawyerBack;
  plan.refunds.push({
    paymentId: payment.id,
    caseId: payment.caseId,
    amountCents: cents,
    reason,
    providerRefundId,
    createdAt: at,
  });
  payment.refundedCents = cents;
  payment.refundedAt = at;
  const told = { caseId: payment.caseId, at, reason };
  plan.notices.push({ ...told, type: 'refund.issued', userId: payment.userId, amountCents: cents });
  plan.notices.push({ ...told, type: 'payout.reversed', userId: payment.lawyerId, amountCents: lawyerBack });
}

export function planDemoMoney(input: {
  cases: Row<typeof cases>[];
  payments: CasePayment[];
  /** a lawyer left without a payout account whatever their cases, so the set-up can be tried */
  keepWithoutAccount?: string;
  /** the people, for the holder of each payout account */
  users?: Row<typeof users>[];
}) {
  const names = new Map((input.users ?? []).map((user) => [user.id, `${user.name} ${user.surname}`]));
  const plan = {
    accounts: [] as Row<typeof payoutAccounts>[],
    transfers: [] as Row<typeof transfers>[],
    refunds: [] as Row<typeof refunds>[],
    disputes: [] as Row<typeof disputes>[],
    ledger: [] as Row<typeof ledgerEntries>[],
    /** what the refund after a payout told each party (demo-notifications.ts writes them) */
    notices: [] as DemoMoneyNotice[],
  };
  const statusOf = new Map(input.cases.map((row) => [row.id, row.status]));
  const finishedAt = new Map(input.cases.map((row) => [row.id, row.finishDate ?? null]));
  const move = (
    kind: Row<typeof ledgerEntries>['kind'],
    reference: string,
    caseId: string,
    at: Date,
    legs: LedgerLeg[],
  ) => {
    const movementId = stableId(`${kind}:${reference}`);
    for (const { account, cents } of legs) {
      if (cents !== 0)
        plan.ledger.push({ movementId, kind, reference, caseId, account, amountCents: cents, createdAt: at });
    }
  };

  const paid = input.payments.filter((p) => p.status === 'COMPLETADO' && p.completedAt);
  const lawyers = [...new Set(paid.map((p) => p.lawyerId))];
  // the last lawyer with payments has not set up payouts yet: their money waits as available
  const withoutAccount = new Set([lawyers.at(-1), input.keepWithoutAccount]);
  for (const lawyerId of lawyers) {
    if (withoutAccount.has(lawyerId)) continue;
    plan.accounts.push({
      lawyerId,
      provider: 'sandbox',
      providerAccountId: accountId(lawyerId),
      status: 'enabled',
      // what the sandbox's form keeps of the bank account (docs/money.md, Payout accounts)
      holder: names.get(lawyerId) ?? null,
      bankLast4: String(
        Number.parseInt(createHash('sha1').update(`iban:${lawyerId}`).digest('hex').slice(0, 6), 16) % 10_000,
      ).padStart(4, '0'),
      enabledAt: new Date(
        Math.min(...paid.filter((p) => p.lawyerId === lawyerId).map((p) => p.completedAt?.getTime() ?? 0)),
      ),
    });
  }

  let disputed = false;
  let refunded = false;
  let reversedOutside = false;
  let refundedAfterPayout = false;
  for (const payment of paid) {
    payment.id ??= stableId(`payment:${payment.proposalId}`);
    const id = payment.id;
    const at = payment.completedAt as Date;
    move('charge', id, payment.caseId, at, LEDGER_LEGS.charge(payment.amountCents));
    const status = statusOf.get(payment.caseId);
    if (status === 'ACTIVO' && !disputed) {
      disputed = true;
      plan.disputes.push({
        id: stableId(`dispute:${id}`),
        caseId: payment.caseId,
        paymentId: id,
        source: 'client',
        reason: 'El abogado pidió cerrar el caso, pero todavía no ha presentado el escrito que acordamos.',
        status: 'open',
        openedAt: new Date(at.getTime() + 2 * 24 * 60 * 60 * 1000),
      });
      continue;
    }
    if (status === 'ACTIVO' && !refunded) {
      refunded = true;
      const cents = Math.round(payment.amountCents / 4);
      const refundAt = new Date(at.getTime() + 24 * 60 * 60 * 1000);
      const providerRefundId = `demo_re_${id.replaceAll('-', '').slice(0, 20)}`;
      plan.refunds.push({
        paymentId: id,
        caseId: payment.caseId,
        amountCents: cents,
        reason: 'Una de las gestiones acordadas no fue necesaria.',
        providerRefundId,
        createdAt: refundAt,
      });
      payment.refundedCents = cents;
      payment.refundedAt = refundAt;
      move('refund', providerRefundId, payment.caseId, refundAt, LEDGER_LEGS.refund({ heldCents: cents }));
      continue;
    }
    if (status !== 'FINALIZADO') continue;
    const doneAt = finishedAt.get(payment.caseId) ?? at;
    // the fee and its IVA, kept as the release does (docs/money.md, The fee and its IVA)
    const { totalCents: fee, lawyerCents: share } = feeBreakdown(payment.amountCents, payment.feeCents);
    move('release', payment.caseId, payment.caseId, doneAt, LEDGER_LEGS.release(payment.amountCents, fee));
    const transferId = stableId(`transfer:${payment.caseId}`);
    const sent = !withoutAccount.has(payment.lawyerId);
    plan.transfers.push({
      id: transferId,
      caseId: payment.caseId,
      paymentId: id,
      lawyerId: payment.lawyerId,
      amountCents: share,
      status: sent ? 'ENVIADA' : 'PENDIENTE',
      provider: sent ? 'sandbox' : null,
      providerTransferId: sent ? `demo_tr_${transferId.replaceAll('-', '').slice(0, 20)}` : null,
      transferGroup: payment.caseId,
      createdAt: doneAt,
      sentAt: sent ? doneAt : null,
    });
    if (sent) {
      move('transfer', transferId, payment.caseId, doneAt, LEDGER_LEGS.transfer(share));
    }
    if (sent && reversedOutside && !refundedAfterPayout) {
      // a fifth of the second sent case refunded afterwards: the lawyer's part taken back from the transfer
      refundedAfterPayout = true;
      refundAfterPayout(plan, payment as CasePayment & { id: string }, doneAt);
      continue;
    }
    if (sent && !reversedOutside) {
      // a quarter of the first transfer taken back in the provider's dashboard, waiting to be settled
      reversedOutside = true;
      const transfer = plan.transfers.at(-1);
      const cents = Math.round(share / 4);
      if (transfer) {
        transfer.reversedCents = cents;
        transfer.reversedOutsideCents = cents;
        const reference = `outside:${transfer.providerTransferId}:${cents}`;
        move('reversal', reference, payment.caseId, doneAt, LEDGER_LEGS.reversal(cents, true));
      }
    }
  }
  return plan;
}
