import type { Db } from '../../db/database.ts';
import { createPaymentsRepository } from './payments.repository.ts';

/**
 * A refund recorded on its payment, in the refund's transaction (the money feature's one refund path,
 * docs/money.md, Refunds): what was given back so far and when; REEMBOLSADO once all of it is.
 * The payments feature is the one writer of the payments table.
 */
export async function recordRefund(
  tx: Db,
  paymentId: string,
  refund: { refundedCents: number; refundedAt: Date; full: boolean; providerRefundId?: string },
): Promise<void> {
  await createPaymentsRepository(tx).setPayment(paymentId, {
    refundedCents: refund.refundedCents,
    refundedAt: refund.refundedAt,
    ...(refund.full ? { status: 'REEMBOLSADO' as const } : {}),
    ...(refund.providerRefundId ? { providerRefundId: refund.providerRefundId } : {}),
  });
}
