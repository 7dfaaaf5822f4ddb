import type { AdminPayment, RefundInput } from '@l4l/shared/schemas/admin-money';
import { centsToEuros, eurosToCents } from '@l4l/shared/schemas/common';
import { es } from '@l4l/shared/texts/es';
import type { Db } from '../../db/database.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { type AfterCommit, withTransaction } from '../../lib/transaction.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { type PaymentRow, recordRefund } from '../payments/index.ts';
import { caseBalances, hasMovement, postCharge, postRefund, postReversal } from './ledger.ts';
import { createMoneyRepository, type MoneyRepository } from './money.repository.ts';
import { conflict, holderId, holderOf, lockHolder, type MoneyContext } from './money-context.ts';

/** What to refund (docs/money.md, Refunds): the one order every refund of L4L is made with. */
export type RefundOrder = {
  paymentId: string;
  /** absent: everything not refunded yet */
  amountCents?: number;
  reason: string;
  /** the administrator who decided it; null when the platform or the provider did */
  adminId: string | null;
  disputeId?: string | null;
  /** the provider gave the money back already (a lost card dispute, a refund made at the provider) */
  externalRefundId?: string;
  /**
   * money that arrived for a checkout the case no longer wanted (a second payment of a case already
   * paid, or a checkout closed meanwhile): charged and given back whole, once
   */
  late?: boolean;
};

/** What a refund did: the cents given back (0: a late payment refunded already) and the case (or consultation). */
export type RefundDone = { cents: number; caseId: string | null; consultationId: string | null };

/** The one refund of L4L, in the caller's transaction (money.service.ts, `refundPayment`). */
export type RefundPayment = (tx: Db, afterCommit: AfterCommit, order: RefundOrder) => Promise<RefundDone>;

type Released = { feeBack: number; fromTransfer: number; fromOutside: number; reversed: number };

/**
 * Refunds (docs/money.md, Refunds): every refund — an administrator's, a dispute's outcome, the
 * provider's, a late payment's — goes through `refundPayment`.
 */
export function createRefunds(
  ctx: MoneyContext,
  reports: { adminPayments: (filter: { id: string }) => Promise<{ rows: AdminPayment[] }> },
) {
  const { db, provider, log, deps, repository } = ctx;

  /**
   * After the case finished the refund comes out of the fee and the lawyer's share in proportion: the
   * lawyer's money a reversal outside L4L brought back first, then a PENDIENTE transfer made smaller or
   * a sent one reversed at the provider (`reversed`: the cents taken back from a sent transfer).
   */
  async function takeBackReleased(
    tx: Db,
    money: MoneyRepository,
    payment: PaymentRow,
    cents: number,
    key: string,
  ): Promise<Released> {
    const holder = holderOf(payment);
    const left = payment.amountCents - payment.refundedCents;
    const fee = -(await caseBalances(tx, holder)).platform_fee;
    const transfer = await money.lockTransfer(holder);
    const outside = transfer?.reversedOutsideCents ?? 0;
    const owed = transfer ? transfer.amountCents - transfer.reversedCents : 0;
    let feeBack = fee - Math.round((fee * (left - cents)) / left);
    let lawyerBack = cents - feeBack;
    if (lawyerBack > owed + outside) {
      lawyerBack = owed + outside;
      feeBack = cents - lawyerBack;
    }
    const fromOutside = Math.min(lawyerBack, outside);
    const fromTransfer = lawyerBack - fromOutside;
    const done = { feeBack, fromTransfer, fromOutside, reversed: 0 };
    if (transfer && fromOutside > 0) {
      await money.setTransfer(transfer.id, { reversedOutsideCents: outside - fromOutside });
    }
    if (!transfer || fromTransfer <= 0) return done;
    if (transfer.status === 'PENDIENTE') {
      await money.setTransfer(transfer.id, { amountCents: transfer.amountCents - fromTransfer });
      return done;
    }
    if (!transfer.providerTransferId) throw new Error(`transfer ${transfer.id} sent without an id`);
    await provider.reverseTransfer({
      transferId: transfer.providerTransferId,
      amountCents: fromTransfer,
      key,
    });
    const reversed = transfer.reversedCents + fromTransfer;
    await money.setTransfer(transfer.id, {
      reversedCents: reversed,
      status: reversed >= transfer.amountCents ? 'REVERTIDA' : transfer.status,
    });
    await postReversal(tx, { reference: key, ...holder, cents: fromTransfer });
    return { ...done, reversed: fromTransfer };
  }

  /** The payment to refund, locked after its case; a late payment is charged here first. */
  async function lockRefundable(tx: Db, money: MoneyRepository, order: RefundOrder) {
    const peek = await money.paymentById(order.paymentId);
    if (!peek) throw notFound(es.admin.money.paymentNotFound);
    await lockHolder(deps, tx, peek);
    const payment = await money.lockPayment(peek.id);
    if (!payment) throw notFound(es.admin.money.paymentNotFound);
    if (order.late) {
      if (payment.status === 'REEMBOLSADO') return null;
      if (payment.status !== 'CANCELADO' || !payment.providerPaymentId) {
        throw conflict(es.admin.money.paymentNotRefundable);
      }
      await postCharge(tx, payment);
      return payment;
    }
    if (!payment.completedAt || (payment.status !== 'COMPLETADO' && payment.status !== 'REEMBOLSADO')) {
      throw conflict(es.admin.money.paymentNotRefundable);
    }
    return payment;
  }

  /**
   * A refund, in the caller's transaction (docs/money.md, Refunds): the ledger's postings, the provider's
   * refund (unless it was made there), a sent transfer reversed by the lawyer's part, the rectifying
   * invoices, the client told, the lawyer told when money is taken back from a transfer sent to them, and
   * the audit entry. Under the case's lock, then the payment's, then the transfer's.
   */
  async function refundPayment(tx: Db, afterCommit: AfterCommit, order: RefundOrder): Promise<RefundDone> {
    const money = createMoneyRepository(tx);
    const payment = await lockRefundable(tx, money, order);
    if (!payment) {
      const found = await money.paymentById(order.paymentId);
      return { cents: 0, caseId: found?.caseId ?? null, consultationId: found?.consultationId ?? null };
    }
    const holder = holderOf(payment);
    const { caseId } = holder;
    const left = payment.amountCents - payment.refundedCents;
    const cents = order.late ? left : (order.amountCents ?? left);
    if (left <= 0) throw conflict(es.admin.money.paymentNotRefundable);
    if (cents <= 0 || cents > left) throw conflict(es.admin.money.refundTooLarge);
    // the same refund asked again (a retried request) reuses the provider's idempotency keys
    const key = `${payment.id}-${payment.refundedCents}-${cents}`;
    const released = !order.late && (await hasMovement(tx, 'release', holderId(holder)));
    const back = released ? await takeBackReleased(tx, money, payment, cents, key) : null;
    let providerRefundId = order.externalRefundId;
    if (!providerRefundId) {
      if (!payment.providerPaymentId) throw conflict(es.admin.money.paymentNotRefundable);
      ({ refundId: providerRefundId } = await provider.refund({
        paymentId: payment.id,
        providerPaymentId: payment.providerPaymentId,
        amountCents: cents,
        // a late payment is refunded whole, once: the payment is its key
        key: order.late ? undefined : key,
      }));
    }
    const at = deps.now();
    await money.insertRefund({
      paymentId: payment.id,
      ...holder,
      amountCents: cents,
      reason: order.reason,
      adminId: order.adminId,
      disputeId: order.disputeId ?? null,
      providerRefundId,
    });
    await postRefund(tx, {
      reference: providerRefundId,
      ...holder,
      from: back
        ? { feeCents: back.feeBack, payableCents: back.fromTransfer, unreconciledCents: back.fromOutside }
        : { heldCents: cents },
    });
    const full = cents === left;
    // the payments feature records every change of a payment (docs/money.md, Refunds)
    await recordRefund(tx, payment.id, {
      refundedCents: payment.refundedCents + cents,
      refundedAt: at,
      full,
      providerRefundId: order.late ? providerRefundId : undefined,
    });
    // the rectifying invoices (none for a late payment: it was never invoiced) and the people told; a first
    // consultation's refund is told by its cancellation's notices (consultation-events.ts)
    await deps.events.emit(tx, afterCommit, 'payment.refunded', {
      paymentId: payment.id,
      ...holder,
      amountCents: cents,
      ofCents: payment.amountCents,
      full,
      at,
      late: order.late === true,
      reason: order.late ? es.payment.lateRefundNotice : order.reason,
      adminId: order.adminId,
    });
    if (caseId) await tellReversal(tx, afterCommit, { order, caseId, reversed: back?.reversed ?? 0 });
    await auditRefund(tx, order, { paymentId: payment.id, ...holder, cents, providerRefundId });
    return { cents, ...holder };
  }

  /** The lawyer told when money was taken back from a transfer sent to them (the client is told of the refund). */
  async function tellReversal(
    tx: Db,
    afterCommit: AfterCommit,
    done: { order: RefundOrder; caseId: string; reversed: number },
  ) {
    if (done.reversed <= 0) return;
    const reason = done.order.late ? es.payment.lateRefundNotice : done.order.reason;
    await deps.events.emit(tx, afterCommit, 'payout.reversed', {
      caseId: done.caseId,
      amountCents: done.reversed,
      admins: [],
      byRefund: { reason },
    });
  }

  /** An administrator's refund, or the platform's of a late payment, in the administrators' audit log. */
  async function auditRefund(
    tx: Db,
    order: RefundOrder,
    done: {
      paymentId: string;
      caseId: string | null;
      consultationId: string | null;
      cents: number;
      providerRefundId: string;
    },
  ) {
    if (!order.adminId && !order.late) return;
    const amount = centsToEuros(done.cents);
    const of = done.caseId ? { caseId: done.caseId } : { consultationId: done.consultationId };
    await deps.audit(tx, {
      adminId: order.adminId,
      action: 'payment.refund',
      targetType: 'payment',
      targetId: done.paymentId,
      reason: order.reason,
      details: order.late
        ? { amount, ...of, providerRefundId: done.providerRefundId }
        : { amount, ...of, disputeId: order.disputeId ?? null },
    });
  }

  /** An administrator's refund (docs/money.md, Refunds); refused while the case has an open dispute. */
  async function refund(admin: AuthUser, paymentId: string, input: RefundInput): Promise<AdminPayment> {
    const payment = await repository.paymentById(paymentId);
    if (!payment) throw notFound(es.admin.money.paymentNotFound);
    await withTransaction(
      db,
      async (tx, afterCommit) => {
        if (await createMoneyRepository(tx).openDisputeOf(payment.caseId)) {
          throw conflict(es.admin.money.disputeOpen);
        }
        await refundPayment(tx, afterCommit, {
          paymentId,
          amountCents: input.amount === undefined ? undefined : eurosToCents(input.amount),
          reason: input.reason,
          adminId: admin.id,
        });
      },
      log,
    );
    const [row] = (await reports.adminPayments({ id: paymentId })).rows;
    if (!row) throw notFound(es.admin.money.paymentNotFound);
    return row;
  }

  /**
   * Gives back money that arrived for a checkout the case no longer wanted, in the transaction of the
   * payment's completion (its `payment.unwanted`): charged and refunded whole, once. A provider that fails
   * is a 503 and undoes the completion, so that the provider's event comes again and the refund is retried.
   */
  async function refundUnwanted(tx: Db, afterCommit: AfterCommit, paymentId: string): Promise<void> {
    try {
      await refundPayment(tx, afterCommit, {
        paymentId,
        reason: es.payment.lateRefundReason,
        adminId: null,
        late: true,
      });
    } catch (error) {
      if (error instanceof AppError) throw error;
      log.error({ err: error, paymentId }, 'refund of a late payment failed');
      throw new AppError('SERVICE_UNAVAILABLE', { message: es.payment.providerUnavailable });
    }
  }

  return { refundPayment, refund, refundUnwanted };
}
