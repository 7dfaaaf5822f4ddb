import { caseCode } from '@l4l/shared/constants/cases';
import { ROLE } from '@l4l/shared/constants/roles';
import type { PageEnvelope } from '@l4l/shared/envelope';
import { feeBreakdown } from '@l4l/shared/fiscal/fee';
import { type BillingRow, receiptPath } from '@l4l/shared/schemas/billing';
import { centsToEuros } from '@l4l/shared/schemas/common';
import type { Db } from '../../db/database.ts';
import { notFound } from '../../lib/app-error.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { type BillingPaymentRow, createBillingRepository } from './billing.repository.ts';
import { renderReceipt } from './receipt-pdf.ts';

export type Paging = { page: number; pageSize: number };

/**
 * Billing history and receipts (docs/api/http.md, Billing). Rows come from completed payments only;
 * the amounts are the recorded ones (the fee is fixed per payment when it is opened, so a later change of
 * PLATFORM_FEE_PERCENT never rewrites history).
 */
/** The code a billing row and a receipt's file name show: the case's, or the first consultation's. */
const paidCode = (row: { id: string; caseId: string | null; consultationId: string | null }) =>
  caseCode(row.caseId ?? row.consultationId ?? row.id);

export function createBillingService(db: Db) {
  const repository = createBillingRepository(db);
  const range = ({ page, pageSize }: Paging) => ({ limit: pageSize, offset: (page - 1) * pageSize });

  /**
   * docs/api/http.md, Billing (a row): what the client paid, or what the lawyer earns (the amount less the
   * fee and its IVA, docs/money.md, The fee and its IVA).
   */
  const toRow =
    (side: 'client' | 'lawyer') =>
    (payment: BillingPaymentRow): BillingRow => ({
      id: payment.id,
      fecha: (payment.completedAt ?? payment.createdAt).toISOString(),
      caseCode: paidCode(payment),
      coinType: 'EUR',
      precioBruto: centsToEuros(
        side === 'client'
          ? payment.amountCents
          : feeBreakdown(payment.amountCents, payment.feeCents).lawyerCents,
      ),
      receiptUrl: receiptPath(payment.id),
    });

  return {
    async ofClient(userId: string, paging: Paging): Promise<PageEnvelope<BillingRow>> {
      const { rows, total } = await repository.paidBy(userId, range(paging));
      return { data: rows.map(toRow('client')), meta: { total, ...paging } };
    },

    async ofLawyer(lawyerId: string, paging: Paging): Promise<PageEnvelope<BillingRow>> {
      const { rows, total } = await repository.earnedBy(lawyerId, range(paging));
      return { data: rows.map(toRow('lawyer')), meta: { total, ...paging } };
    },

    /**
     * The PDF receipt of a completed payment, for its client, its lawyer or an administrator; to anyone
     * else it does not exist (docs/api/http.md, Conventions: an id the caller may not see is 404).
     */
    async receipt(caller: AuthUser, paymentId: string) {
      const row = await repository.receipt(paymentId);
      if (!row) throw notFound();
      const copy =
        caller.id === row.userId
          ? 'client'
          : caller.id === row.lawyerId || caller.role === ROLE.ADMIN
            ? 'lawyer'
            : null;
      if (!copy) throw notFound();
      const pdf = await renderReceipt(row, copy);
      return { pdf, fileName: `justificante-${paidCode(row)}-${row.id.slice(0, 8)}.pdf` };
    },
  };
}

export type BillingService = ReturnType<typeof createBillingService>;
