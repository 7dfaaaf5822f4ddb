import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { consultations, lawyerAvailability } from '../../db/schema/index.ts';

/**
 * docs/domain.md, Privacy rights: a person's first consultations (as client or lawyer) and a lawyer's
 * availability, exported and erased (docs/domain.md, First consultations).
 */
export const consultationsPrivacy = {
  async exportFor(userId: string, db: Db) {
    const [availability] = await db
      .select()
      .from(lawyerAvailability)
      .where(eq(lawyerAvailability.lawyerId, userId));
    return {
      consultations: await db
        .select({
          id: consultations.id,
          lawyerId: consultations.lawyerId,
          clientId: consultations.clientId,
          start: consultations.startAt,
          end: consultations.endAt,
          mode: consultations.mode,
          note: consultations.note,
          status: consultations.status,
          priceCents: consultations.priceCents,
          // a paid one's payment (its row is in `payments`) and what was given back
          paymentId: consultations.paymentId,
          refundedCents: consultations.refundedCents,
          cancelledBy: consultations.cancelledBy,
          cancelReason: consultations.cancelReason,
          createdAt: consultations.createdAt,
        })
        .from(consultations)
        .where(or(eq(consultations.clientId, userId), eq(consultations.lawyerId, userId)))
        .orderBy(asc(consultations.startAt)),
      availability: availability ?? null,
    };
  },

  /**
   * A lawyer's hours and office go, and the notes a client wrote for their consultations; the consultations
   * still ahead are cancelled with `cancelReason`, freeing the lawyer's slots.
   */
  async eraseFor(userId: string, tx: Db, cancelReason: string) {
    const now = new Date();
    await tx.delete(lawyerAvailability).where(eq(lawyerAvailability.lawyerId, userId));
    await tx.update(consultations).set({ note: null }).where(eq(consultations.clientId, userId));
    await tx
      .update(consultations)
      .set({ status: 'CANCELADA', cancelReason, cancelledAt: now })
      .where(
        and(
          or(eq(consultations.clientId, userId), eq(consultations.lawyerId, userId)),
          inArray(consultations.status, ['PENDIENTE_PAGO', 'RESERVADA']),
          sql`${consultations.endAt} > ${now}`,
        ),
      );
  },
};
