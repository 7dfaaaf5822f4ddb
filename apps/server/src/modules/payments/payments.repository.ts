import { and, asc, eq, inArray, lt, ne } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { cases, consultations, paymentEvents, payments, users } from '../../db/schema/index.ts';
import type { ProviderName } from './payment-provider.ts';

export type PaymentRow = typeof payments.$inferSelect;

/** The payments and payment_events tables: written by this module only. */
export function createPaymentsRepository(db: Db) {
  const ofSession = (name: ProviderName, sessionId: string) =>
    and(eq(payments.provider, name), eq(payments.providerSessionId, sessionId));

  return {
    async insertPayment(values: typeof payments.$inferInsert) {
      await db.insert(payments).values(values);
    },

    async setPayment(id: string, values: Partial<typeof payments.$inferInsert>) {
      await db.update(payments).set(values).where(eq(payments.id, id));
    },

    /**
     * Locks the payment's case (or first consultation), then the payment: every writer of a case's
     * payments and proposals takes the case first (the cases and proposals features do too), so two
     * payments of one case wait for each other instead of deadlocking over each other's rows.
     */
    async lockPayment(name: ProviderName, sessionId: string) {
      const [peek] = await db
        .select({ caseId: payments.caseId, consultationId: payments.consultationId })
        .from(payments)
        .where(ofSession(name, sessionId));
      if (!peek) return undefined;
      if (peek.caseId) {
        await db.select({ id: cases.id }).from(cases).where(eq(cases.id, peek.caseId)).for('update');
      } else if (peek.consultationId) {
        await db
          .select({ id: consultations.id })
          .from(consultations)
          .where(eq(consultations.id, peek.consultationId))
          .for('update');
      }
      const [row] = await db.select().from(payments).where(ofSession(name, sessionId)).for('update');
      return row;
    },

    /** Cancels the open checkouts of these proposals; answers them (their sessions are to be closed). */
    cancelOpenOfProposals(proposalIds: string[]) {
      if (proposalIds.length === 0) return Promise.resolve([]);
      return db
        .update(payments)
        .set({ status: 'CANCELADO' })
        .where(and(inArray(payments.proposalId, proposalIds), eq(payments.status, 'PENDIENTE')))
        .returning({ provider: payments.provider, providerSessionId: payments.providerSessionId });
    },

    /** Cancels every other open checkout of the case; answers them (their sessions are to be closed). */
    cancelOpenOfCase(caseId: string, paidId: string) {
      return db
        .update(payments)
        .set({ status: 'CANCELADO' })
        .where(and(eq(payments.caseId, caseId), ne(payments.id, paidId), eq(payments.status, 'PENDIENTE')))
        .returning({ provider: payments.provider, providerSessionId: payments.providerSessionId });
    },

    /** A cancelled payment whose money went back; empty when it was recorded already. */
    markRefunded(id: string, providerRefundId: string) {
      return db
        .update(payments)
        .set({ status: 'REEMBOLSADO', providerRefundId, refundedAt: new Date() })
        .where(and(eq(payments.id, id), eq(payments.status, 'CANCELADO')))
        .returning({ id: payments.id });
    },

    /** Open checkouts of this provider opened before `before` (docs/money.md, Checkout expiry). */
    async staleCheckouts(name: ProviderName, before: Date, limit: number) {
      return db
        .select({ sessionId: payments.providerSessionId })
        .from(payments)
        .where(
          and(eq(payments.provider, name), eq(payments.status, 'PENDIENTE'), lt(payments.createdAt, before)),
        )
        .orderBy(asc(payments.createdAt))
        .limit(limit);
    },

    /** A payment by id (the client's cancel, the administrators' refunds). */
    async byId(id: string) {
      const [row] = await db.select().from(payments).where(eq(payments.id, id));
      return row;
    },

    /** What the sandbox checkout page shows. */
    async checkoutSummary(name: ProviderName, sessionId: string) {
      const [row] = await db
        .select({
          status: payments.status,
          clientId: payments.userId,
          amountCents: payments.amountCents,
          irpfRate: payments.irpfRate,
          withheldCents: payments.withheldCents,
          caseId: cases.id,
          caseTitle: cases.title,
          consultationStart: consultations.startAt,
          lawyerName: users.name,
          lawyerSurname: users.surname,
        })
        .from(payments)
        .leftJoin(cases, eq(cases.id, payments.caseId))
        .leftJoin(consultations, eq(consultations.id, payments.consultationId))
        .innerJoin(users, eq(users.id, payments.lawyerId))
        .where(ofSession(name, sessionId));
      return row;
    },

    /** The client's mail and name, for the mail that tells them of a refund. */
    async client(userId: string) {
      const [row] = await db
        .select({ mail: users.mail, name: users.name })
        .from(users)
        .where(eq(users.id, userId));
      return row;
    },

    /** false: the provider's event was processed already (its id is the key). */
    async recordEvent(provider: ProviderName, id: string, type: string) {
      const fresh = await db
        .insert(paymentEvents)
        .values({ id, provider, type })
        .onConflictDoNothing()
        .returning({ id: paymentEvents.id });
      return fresh.length > 0;
    },

    /** Forgets an event whose processing failed, so that the provider's retry runs it again. */
    async forgetEvent(provider: ProviderName, id: string) {
      await db
        .delete(paymentEvents)
        .where(and(eq(paymentEvents.id, id), eq(paymentEvents.provider, provider)));
    },
  };
}

export type PaymentsRepository = ReturnType<typeof createPaymentsRepository>;
