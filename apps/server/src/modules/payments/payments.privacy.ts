import { asc, eq, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { payments } from '../../db/schema/index.ts';

/**
 * docs/domain.md, Privacy rights: the payments a person made (a client) or was paid by (a lawyer). They are
 * exported; the erasure leaves them, kept for 6 years.
 */
export const paymentsPrivacy = {
  exportFor(userId: string, db: Db) {
    return db
      .select({
        id: payments.id,
        caseId: payments.caseId,
        consultationId: payments.consultationId,
        asClient: sql<boolean>`${payments.userId} = ${userId}`,
        provider: payments.provider,
        amountCents: payments.amountCents,
        feeCents: payments.feeCents,
        currency: payments.currency,
        status: payments.status,
        refundedCents: payments.refundedCents,
        createdAt: payments.createdAt,
        completedAt: payments.completedAt,
        refundedAt: payments.refundedAt,
      })
      .from(payments)
      .where(or(eq(payments.userId, userId), eq(payments.lawyerId, userId)))
      .orderBy(asc(payments.createdAt));
  },
};
