import { AppError } from '../../lib/app-error.ts';
import { withTransaction } from '../../lib/transaction.ts';
import type { DisputeDecision } from './disputes.ts';
import { postReversal } from './ledger.ts';
import { createMoneyRepository, type DisputeRow } from './money.repository.ts';
import { holderOf, lockHolder, type MoneyContext } from './money-context.ts';
import type { RefundPayment } from './refunds.ts';

/**
 * The payment provider's events (webhooks, docs/money.md): card disputes, refunds and transfer reversals
 * made at the provider. Each is idempotent and order-independent.
 */
export function createProviderEvents(
  ctx: MoneyContext,
  money: {
    refundPayment: RefundPayment;
    resolveInTx: (
      tx: Parameters<RefundPayment>[0],
      afterCommit: Parameters<RefundPayment>[1],
      dispute: DisputeRow,
      decision: DisputeDecision,
    ) => Promise<string>;
  },
) {
  const { db, log, deps, repository } = ctx;
  return {
    /** `charge.dispute.created`: the card network disputes the payment; its transfer waits. */
    async providerDisputeOpened(providerPaymentId: string, providerDisputeId: string, reason: string) {
      const found = await repository.paymentByProviderId(providerPaymentId);
      if (!found) return 'unknown' as const;
      if (await repository.disputeByProviderId(providerDisputeId)) return 'duplicate' as const;
      const { caseId } = found;
      if (!caseId) {
        // a first consultation has no case to hold a dispute: an administrator settles it from Pagos
        log.error({ paymentId: found.id, providerDisputeId }, 'card dispute of a first consultation');
        return 'unknown' as const;
      }
      const payment = { ...found, caseId };
      return withTransaction(
        db,
        async (tx, afterCommit) => {
          const money = createMoneyRepository(tx);
          await deps.cases.lockCase(tx, payment.caseId);
          if (await money.disputeByProviderId(providerDisputeId)) return 'duplicate' as const;
          const open = await money.openDisputeOf(payment.caseId);
          if (open) {
            // a client's dispute is open already: the card dispute joins it
            await money.setDispute(open.id, { providerDisputeId });
            return 'duplicate' as const;
          }
          await money.insertDispute({
            caseId: payment.caseId,
            paymentId: payment.id,
            source: 'provider',
            reason,
            providerDisputeId,
          });
          await deps.events.emit(tx, afterCommit, 'dispute.opened', {
            caseId: payment.caseId,
            amountCents: payment.amountCents,
            admins: await money.admins(),
          });
          return 'opened' as const;
        },
        log,
      );
    },

    /** `charge.dispute.closed`: won releases the transfer; lost is money the bank gave back (a refund). */
    async providerDisputeClosed(providerDisputeId: string, won: boolean, amountCents: number) {
      const dispute = await repository.disputeByProviderId(providerDisputeId);
      if (!dispute) return 'unknown' as const;
      if (dispute.status !== 'open') return 'duplicate' as const;
      const note = won
        ? 'Disputa de la tarjeta ganada.'
        : 'Disputa de la tarjeta perdida: el banco devolvió el cargo.';
      await withTransaction(
        db,
        (tx, afterCommit) =>
          money.resolveInTx(tx, afterCommit, dispute, {
            outcome: won ? 'release' : 'refund',
            amountCents: won ? undefined : amountCents,
            note,
            adminId: null,
            externalRefundId: won ? undefined : `dispute:${providerDisputeId}`,
          }),
        log,
      ).catch((error) => {
        if (error instanceof AppError && error.code === 'CONFLICT') return;
        throw error;
      });
      return 'resolved' as const;
    },

    /**
     * `charge.refunded`: the provider's total refunded for a payment; what our refunds do not account for
     * (a refund made in the provider's dashboard) is recorded as a refund now.
     */
    async providerRefunded(providerPaymentId: string, amountRefundedCents: number, providerRefundId: string) {
      const payment = await repository.paymentByProviderId(providerPaymentId);
      if (!payment) return 'unknown' as const;
      if (await repository.refundByProviderId(providerRefundId)) return 'duplicate' as const;
      const missing = amountRefundedCents - payment.refundedCents;
      if (missing <= 0 || payment.status === 'CANCELADO') return 'duplicate' as const;
      await withTransaction(
        db,
        (tx, afterCommit) =>
          money.refundPayment(tx, afterCommit, {
            paymentId: payment.id,
            amountCents: missing,
            reason: 'Reembolso hecho en el proveedor de pagos.',
            adminId: null,
            externalRefundId: providerRefundId,
          }),
        log,
      ).catch((error) => {
        if (error instanceof AppError && error.code === 'CONFLICT') return;
        throw error;
      });
      return 'refunded' as const;
    },

    /**
     * `transfer.reversed`, with the provider's total reversed of the transfer: what our own reversals
     * account for changes nothing; the rest was reversed outside L4L (the provider's dashboard) and is
     * recorded now (docs/money.md, Reversals outside L4L): the money is back in the provider balance, held
     * in `unreconciled` until a person settles it, the transfer shows it as reversed, and the lawyer and
     * the administrators are told. Under the case's lock, so a replay, or the event of a reversal our own
     * refund is still making, finds the total accounted for.
     */
    async providerTransferReversed(providerTransferId: string, amountReversedCents: number) {
      const found = await repository.transferByProviderId(providerTransferId);
      if (!found) return 'unknown' as const;
      if (amountReversedCents <= found.reversedCents) return 'duplicate' as const;
      return withTransaction(
        db,
        async (tx, afterCommit) => {
          const money = createMoneyRepository(tx);
          await lockHolder(deps, tx, found);
          const transfer = await money.lockTransfer(found);
          if (!transfer || transfer.status === 'PENDIENTE') return 'unknown' as const;
          // never more than was sent: a bigger figure is not this transfer's
          const total = Math.min(amountReversedCents, transfer.amountCents);
          const cents = total - transfer.reversedCents;
          if (cents <= 0) return 'duplicate' as const;
          await money.setTransfer(transfer.id, {
            reversedCents: total,
            reversedOutsideCents: transfer.reversedOutsideCents + cents,
            status: total >= transfer.amountCents ? 'REVERTIDA' : transfer.status,
          });
          await postReversal(tx, {
            reference: `outside:${providerTransferId}:${total}`,
            ...holderOf(transfer),
            cents,
            outside: true,
          });
          if (transfer.caseId) {
            await deps.events.emit(tx, afterCommit, 'payout.reversed', {
              caseId: transfer.caseId,
              amountCents: cents,
              admins: await money.admins(),
            });
          }
          log.warn(
            { transferId: transfer.id, caseId: transfer.caseId, cents, reversedCents: total },
            'a transfer was reversed outside L4L: recorded as unreconciled, administrators told',
          );
          return 'reversed' as const;
        },
        log,
      );
    },
  };
}
