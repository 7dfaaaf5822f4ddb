import { caseCode } from '@l4l/shared/constants/cases';
import type { PageEnvelope } from '@l4l/shared/envelope';
import type { ResolveDisputeInput } from '@l4l/shared/schemas/admin-money';
import { centsToEuros, eurosToCents } from '@l4l/shared/schemas/common';
import type { Dispute } from '@l4l/shared/schemas/money';
import { es } from '@l4l/shared/texts/es';
import type { Db } from '../../db/database.ts';
import { notFound } from '../../lib/app-error.ts';
import { type AfterCommit, withTransaction } from '../../lib/transaction.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { authorize } from '../cases/index.ts';
import { createMoneyRepository, type DisputeRow } from './money.repository.ts';
import { conflict, type Holder, iso, type MoneyContext } from './money-context.ts';
import type { RefundPayment } from './refunds.ts';

/** A dispute's decision: an administrator's, or the card network's (`adminId` null). */
export type DisputeDecision = {
  outcome: 'release' | 'refund';
  amountCents?: number;
  note: string;
  adminId: string | null;
  externalRefundId?: string;
};

function toDispute(
  row: DisputeRow,
  facts: { amountCents: number; clientId: string; lawyerId: string },
): Dispute {
  return {
    id: row.id,
    caseId: row.caseId,
    caseCode: caseCode(row.caseId),
    clientId: facts.clientId,
    lawyerId: facts.lawyerId,
    amount: centsToEuros(facts.amountCents),
    reason: row.reason,
    status: row.status,
    openedAt: row.openedAt.toISOString(),
    source: row.source,
    outcome: row.outcome,
    refunded: row.refundedCents === null ? null : centsToEuros(row.refundedCents),
    note: row.note,
    resolvedAt: iso(row.resolvedAt),
  };
}

/**
 * Disputes (docs/money.md, Disputes): the client's instead of a confirmation, the card network's, and
 * their resolution — released to the lawyer, or refunded through the one refund path.
 */
export function createDisputes(
  ctx: MoneyContext,
  money: { refundPayment: RefundPayment; sendTransfer: (holder: Holder) => Promise<unknown> },
) {
  const { db, log, deps, repository } = ctx;

  /** Resolves a dispute in the caller's transaction (an administrator's decision or the card network's). */
  async function resolveInTx(
    tx: Db,
    afterCommit: AfterCommit,
    dispute: DisputeRow,
    decision: DisputeDecision,
  ) {
    const rows = createMoneyRepository(tx);
    await deps.cases.lockCase(tx, dispute.caseId);
    const locked = await rows.lockDispute(dispute.id);
    if (locked?.status !== 'open') throw conflict(es.admin.money.disputeAlreadyResolved);
    let refunded = 0;
    if (decision.outcome === 'refund') {
      ({ cents: refunded } = await money.refundPayment(tx, afterCommit, {
        paymentId: locked.paymentId,
        amountCents: decision.amountCents,
        reason: decision.note,
        adminId: decision.adminId,
        disputeId: locked.id,
        externalRefundId: decision.externalRefundId,
      }));
    }
    await rows.setDispute(locked.id, {
      status: 'resolved',
      outcome: decision.outcome,
      refundedCents: refunded,
      note: decision.note,
      resolvedBy: decision.adminId,
      resolvedAt: deps.now(),
    });
    if (decision.adminId) {
      await deps.audit(tx, {
        adminId: decision.adminId,
        action: 'dispute.resolve',
        targetType: 'dispute',
        targetId: locked.id,
        reason: decision.note,
        details: { outcome: decision.outcome, refunded: centsToEuros(refunded), caseId: locked.caseId },
      });
    }
    const payment = await rows.paymentById(locked.paymentId);
    await deps.events.emit(tx, afterCommit, 'dispute.resolved', {
      caseId: locked.caseId,
      amountCents: refunded || (payment?.amountCents ?? 0),
      reason: decision.note,
    });
    // the client's dispute stood instead of a confirmation: deciding it finishes the case
    const finished =
      locked.source === 'client' &&
      (await deps.cases.finishByPlatform(tx, afterCommit, locked.caseId, 'dispute'));
    if (!finished) {
      afterCommit(async () => {
        await money.sendTransfer({ caseId: locked.caseId, consultationId: null });
      });
    }
    return locked.id;
  }

  /** The case's client disputes it instead of confirming (docs/money.md, Disputes). */
  async function openDispute(actor: AuthUser, caseId: string, reason: string): Promise<Dispute> {
    return withTransaction(
      db,
      async (tx, afterCommit) => {
        const rows = createMoneyRepository(tx);
        const row = await deps.cases.lockCase(tx, caseId);
        authorize('dispute', actor, row);
        const payment = await rows.lockPaidOf({ caseId, consultationId: null });
        if (!payment) throw conflict(es.money.disputeNotPaid);
        if (await rows.openDisputeOf(caseId)) throw conflict(es.money.disputeAlreadyOpen);
        const dispute = await rows.insertDispute({ caseId, paymentId: payment.id, source: 'client', reason });
        if (!dispute) throw conflict(es.money.disputeAlreadyOpen);
        await deps.events.emit(tx, afterCommit, 'dispute.opened', {
          caseId,
          amountCents: payment.amountCents,
          admins: await rows.admins(),
        });
        return toDispute(dispute, {
          amountCents: payment.amountCents,
          clientId: payment.userId,
          lawyerId: payment.lawyerId,
        });
      },
      log,
    );
  }

  async function disputes(query: {
    status?: 'open' | 'resolved';
    page: number;
    pageSize: number;
  }): Promise<PageEnvelope<Dispute>> {
    const { rows, total } = await repository.disputes(
      query.status,
      query.pageSize,
      (query.page - 1) * query.pageSize,
    );
    return {
      data: rows.map((row) => toDispute(row.dispute, row)),
      meta: { total, page: query.page, pageSize: query.pageSize },
    };
  }

  async function resolveDispute(admin: AuthUser, id: string, input: ResolveDisputeInput): Promise<Dispute> {
    const dispute = await repository.disputeById(id);
    if (!dispute) throw notFound(es.admin.money.disputeNotFound);
    await withTransaction(
      db,
      (tx, afterCommit) =>
        resolveInTx(tx, afterCommit, dispute, {
          outcome: input.outcome,
          amountCents: input.amount === undefined ? undefined : eurosToCents(input.amount),
          note: input.note,
          adminId: admin.id,
        }),
      log,
    );
    const payment = await repository.paymentById(dispute.paymentId);
    const row = (await repository.disputeById(id)) ?? dispute;
    return toDispute(row, {
      amountCents: payment?.amountCents ?? 0,
      clientId: payment?.userId ?? '',
      lawyerId: payment?.lawyerId ?? '',
    });
  }

  return { resolveInTx, openDispute, disputes, resolveDispute };
}
