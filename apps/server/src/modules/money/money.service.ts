import type { Subscribers } from '../../lib/events.ts';
import { createDisputes } from './disputes.ts';
import { type MoneyDeps, moneyContext } from './money-context.ts';
import { createReports } from './money-reports.ts';
import { createPayouts } from './payouts.ts';
import { createProviderEvents } from './provider-events.ts';
import { createRefunds } from './refunds.ts';

export type { MoneyDeps } from './money-context.ts';

/**
 * The money of a case after it is paid (docs/money.md): held while the case runs, released when it
 * finishes (the lawyer's share owed, the fee earned), transferred once to the lawyer's payout account,
 * refunded in full or in part, disputed. Every movement writes balanced ledger entries (ledger.ts, its
 * legs named once) in the transaction that makes it, under the lock of the case (then the payment, then
 * the transfer), so that concurrent confirmations, webhooks and sweeps change a case one after another.
 * Composed of its jobs: payouts.ts, refunds.ts (the one refund path), disputes.ts, money-reports.ts and
 * provider-events.ts.
 */
export function createMoneyService(deps: MoneyDeps) {
  const ctx = moneyContext(deps);
  const payouts = createPayouts(ctx);
  const reports = createReports(ctx);
  const refunds = createRefunds(ctx, reports);
  const disputes = createDisputes(ctx, {
    refundPayment: refunds.refundPayment,
    sendTransfer: payouts.sendTransfer,
  });
  const events = createProviderEvents(ctx, {
    refundPayment: refunds.refundPayment,
    resolveInTx: disputes.resolveInTx,
  });
  const { resolveInTx: _resolveInTx, ...publicDisputes } = disputes;
  /** What money does when others' facts change (app.ts subscribes them, docs/money.md, The flow). */
  const subscribers = {
    'payment.completed': (tx, _afterCommit, { payment }) => payouts.charged(tx, payment),
    'payment.unwanted': (tx, afterCommit, { payment }) => refunds.refundUnwanted(tx, afterCommit, payment.id),
    'case.finished': (tx, afterCommit, { caseId }) => payouts.caseFinished(tx, afterCommit, caseId),
  } satisfies Subscribers;
  return { ...payouts, ...reports, ...refunds, ...publicDisputes, ...events, subscribers };
}

export type MoneyService = ReturnType<typeof createMoneyService>;
