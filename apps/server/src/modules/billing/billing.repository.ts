import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/database.ts';
import { cases, consultations, payments, users } from '../../db/schema/index.ts';

const client = alias(users, 'receipt_client');
const lawyer = alias(users, 'receipt_lawyer');

export type BillingRange = { limit: number; offset: number };

/** Completed payments only: a pending or cancelled checkout is not billing history. */
export function createBillingRepository(db: Db) {
  /** Newest first with a stable tiebreak; (user_id | lawyer_id, completed_at) are indexed. */
  async function page(where: SQL, { limit, offset }: BillingRange) {
    const completed = and(where, eq(payments.status, 'COMPLETADO'));
    const [rows, totals] = await Promise.all([
      db
        .select({
          id: payments.id,
          caseId: payments.caseId,
          consultationId: payments.consultationId,
          amountCents: payments.amountCents,
          feeCents: payments.feeCents,
          currency: payments.currency,
          completedAt: payments.completedAt,
          createdAt: payments.createdAt,
        })
        .from(payments)
        .where(completed)
        .orderBy(desc(payments.completedAt), desc(payments.id))
        .limit(limit)
        .offset(offset),
      db.select({ total: count() }).from(payments).where(completed),
    ]);
    return { rows, total: totals[0]?.total ?? 0 };
  }

  return {
    paidBy: (userId: string, range: BillingRange) => page(eq(payments.userId, userId), range),
    earnedBy: (lawyerId: string, range: BillingRange) => page(eq(payments.lawyerId, lawyerId), range),

    /** Everything a receipt shows, for a completed payment. */
    async receipt(paymentId: string) {
      const [row] = await db
        .select({
          id: payments.id,
          userId: payments.userId,
          lawyerId: payments.lawyerId,
          caseId: payments.caseId,
          caseTitle: cases.title,
          consultationId: payments.consultationId,
          consultationStart: consultations.startAt,
          provider: payments.provider,
          providerPaymentId: payments.providerPaymentId,
          amountCents: payments.amountCents,
          feeCents: payments.feeCents,
          currency: payments.currency,
          completedAt: payments.completedAt,
          clientName: client.name,
          clientSurname: client.surname,
          clientMail: client.mail,
          lawyerName: lawyer.name,
          lawyerSurname: lawyer.surname,
          lawyerMail: lawyer.mail,
        })
        .from(payments)
        .leftJoin(cases, eq(cases.id, payments.caseId))
        .leftJoin(consultations, eq(consultations.id, payments.consultationId))
        .innerJoin(client, eq(client.id, payments.userId))
        .innerJoin(lawyer, eq(lawyer.id, payments.lawyerId))
        .where(and(eq(payments.id, paymentId), eq(payments.status, 'COMPLETADO')));
      return row;
    },
  };
}

export type BillingPaymentRow = Awaited<
  ReturnType<ReturnType<typeof createBillingRepository>['paidBy']>
>['rows'][number];
export type ReceiptRow = NonNullable<
  Awaited<ReturnType<ReturnType<typeof createBillingRepository>['receipt']>>
>;
