import { and, asc, count, eq, isNotNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import {
  consultations,
  disputes,
  ledgerEntries,
  payments,
  payoutAccounts,
  refunds,
  transfers,
  users,
} from '../../db/schema/index.ts';
import { createMoneyReportsRepository } from './money-reports.repository.ts';

export type TransferRow = typeof transfers.$inferSelect;
export type DisputeRow = typeof disputes.$inferSelect;
export type PayoutAccountRow = typeof payoutAccounts.$inferSelect;

/**
 * What a payment's money is held for: a case, or a first consultation (docs/money.md, First
 * consultations). Payments, transfers, refunds and ledger legs carry one of the two ids.
 */
export type Holder = { caseId: string | null; consultationId: string | null };

/** A payment's (or transfer's) holder as a condition. */
const paymentOf = (holder: Holder) =>
  holder.caseId
    ? eq(payments.caseId, holder.caseId)
    : eq(payments.consultationId, holder.consultationId ?? '');
const transferOf = (holder: Holder) =>
  holder.caseId
    ? eq(transfers.caseId, holder.caseId)
    : eq(transfers.consultationId, holder.consultationId ?? '');

/** The money tables (payout accounts, transfers, refunds, disputes, ledger): written by this module only. */
export function createMoneyRepository(db: Db) {
  return {
    /** The completed payment of a case or first consultation (the one money was taken for), locked. */
    async lockPaidOf(holder: Holder) {
      const [row] = await db
        .select()
        .from(payments)
        .where(and(paymentOf(holder), isNotNull(payments.completedAt)))
        .orderBy(asc(payments.completedAt))
        .limit(1)
        .for('update');
      return row;
    },

    async lockPayment(id: string) {
      const [row] = await db.select().from(payments).where(eq(payments.id, id)).for('update');
      return row;
    },

    async paymentById(id: string) {
      const [row] = await db.select().from(payments).where(eq(payments.id, id));
      return row;
    },

    /** The completed payment the provider knows by this id (Stripe: the PaymentIntent). */
    async paymentByProviderId(providerPaymentId: string) {
      const [row] = await db
        .select()
        .from(payments)
        .where(and(eq(payments.providerPaymentId, providerPaymentId), isNotNull(payments.completedAt)));
      return row;
    },

    async lockTransfer(holder: Holder) {
      const [row] = await db.select().from(transfers).where(transferOf(holder)).for('update');
      return row;
    },

    /** A first consultation's row locked: its money's writers take it first, as a case's take the case. */
    async lockConsultation(id: string) {
      await db
        .select({ id: consultations.id })
        .from(consultations)
        .where(eq(consultations.id, id))
        .for('update');
    },

    /**
     * Paid first consultations whose end has passed and whose money is not released yet (docs/money.md,
     * First consultations): the sweep releases each once.
     */
    async consultationsToRelease(now: Date, limit: number) {
      const rows = await db
        .select({ consultationId: payments.consultationId })
        .from(payments)
        .innerJoin(consultations, eq(consultations.id, payments.consultationId))
        .where(
          and(
            isNotNull(payments.completedAt),
            eq(payments.status, 'COMPLETADO'),
            lte(consultations.endAt, now),
            sql`not exists (select 1 from ${ledgerEntries} where ${ledgerEntries.kind} = 'release' and ${ledgerEntries.reference} = ${payments.consultationId}::text)`,
          ),
        )
        .orderBy(asc(consultations.endAt))
        .limit(limit);
      return rows.flatMap((row) => (row.consultationId ? [row.consultationId] : []));
    },

    async transferByProviderId(providerTransferId: string) {
      const [row] = await db
        .select()
        .from(transfers)
        .where(eq(transfers.providerTransferId, providerTransferId));
      return row;
    },

    async insertTransfer(values: typeof transfers.$inferInsert) {
      await db.insert(transfers).values(values).onConflictDoNothing();
    },

    async setTransfer(id: string, values: Partial<typeof transfers.$inferInsert>) {
      await db.update(transfers).set(values).where(eq(transfers.id, id));
    },

    /**
     * Cases (and first consultations) whose transfer waits to be sent: PENDIENTE, the lawyer's account
     * enabled, no open dispute.
     */
    async sendableTransfers(limit: number, lawyerId?: string): Promise<Holder[]> {
      return db
        .select({ caseId: transfers.caseId, consultationId: transfers.consultationId })
        .from(transfers)
        .innerJoin(payoutAccounts, eq(payoutAccounts.lawyerId, transfers.lawyerId))
        .where(
          and(
            eq(transfers.status, 'PENDIENTE'),
            eq(payoutAccounts.status, 'enabled'),
            lawyerId ? eq(transfers.lawyerId, lawyerId) : undefined,
            sql`not exists (select 1 from ${disputes} where ${disputes.caseId} = ${transfers.caseId} and ${disputes.status} = 'open')`,
          ),
        )
        .orderBy(asc(transfers.createdAt))
        .limit(limit);
    },

    async insertRefund(values: typeof refunds.$inferInsert) {
      await db.insert(refunds).values(values);
    },

    async refundByProviderId(providerRefundId: string) {
      const [row] = await db.select().from(refunds).where(eq(refunds.providerRefundId, providerRefundId));
      return row;
    },

    /** A case's open dispute (a first consultation has none: no case to dispute). */
    async openDisputeOf(caseId: string | null) {
      if (!caseId) return undefined;
      const [row] = await db
        .select()
        .from(disputes)
        .where(and(eq(disputes.caseId, caseId), eq(disputes.status, 'open')));
      return row;
    },

    async disputeById(id: string) {
      const [row] = await db.select().from(disputes).where(eq(disputes.id, id));
      return row;
    },

    async lockDispute(id: string) {
      const [row] = await db.select().from(disputes).where(eq(disputes.id, id)).for('update');
      return row;
    },

    async disputeByProviderId(providerDisputeId: string) {
      const [row] = await db.select().from(disputes).where(eq(disputes.providerDisputeId, providerDisputeId));
      return row;
    },

    async insertDispute(values: typeof disputes.$inferInsert) {
      const [row] = await db.insert(disputes).values(values).onConflictDoNothing().returning();
      return row;
    },

    async setDispute(id: string, values: Partial<typeof disputes.$inferInsert>) {
      await db.update(disputes).set(values).where(eq(disputes.id, id));
    },

    /** Disputes with their payment's amount, oldest first. */
    async disputes(status: 'open' | 'resolved' | undefined, limit: number, offset: number) {
      const where = status ? eq(disputes.status, status) : undefined;
      const [rows, [total]] = await Promise.all([
        db
          .select({
            dispute: disputes,
            amountCents: payments.amountCents,
            clientId: payments.userId,
            lawyerId: payments.lawyerId,
          })
          .from(disputes)
          .innerJoin(payments, eq(payments.id, disputes.paymentId))
          .where(where)
          .orderBy(asc(disputes.openedAt), asc(disputes.id))
          .limit(limit)
          .offset(offset),
        db.select({ total: count() }).from(disputes).where(where),
      ]);
      return { rows, total: total?.total ?? 0 };
    },

    async admins(): Promise<string[]> {
      const rows = await db.select({ id: users.id }).from(users).where(eq(users.role, 'ADMIN'));
      return rows.map((row) => row.id);
    },

    async account(lawyerId: string) {
      const [row] = await db.select().from(payoutAccounts).where(eq(payoutAccounts.lawyerId, lawyerId));
      return row;
    },

    async accountByProviderId(provider: 'sandbox' | 'stripe', providerAccountId: string) {
      const [row] = await db
        .select()
        .from(payoutAccounts)
        .where(
          and(eq(payoutAccounts.provider, provider), eq(payoutAccounts.providerAccountId, providerAccountId)),
        );
      return row;
    },

    async insertAccount(values: typeof payoutAccounts.$inferInsert) {
      await db.insert(payoutAccounts).values(values).onConflictDoNothing();
    },

    /** Sets an account's status; answers whether it became enabled just now. */
    async setAccountStatus(lawyerId: string, status: 'pending' | 'enabled'): Promise<boolean> {
      const changed = await db
        .update(payoutAccounts)
        .set({ status, enabledAt: status === 'enabled' ? new Date() : null })
        .where(and(eq(payoutAccounts.lawyerId, lawyerId), sql`${payoutAccounts.status} <> ${status}`))
        .returning({ lawyerId: payoutAccounts.lawyerId });
      return changed.length > 0 && status === 'enabled';
    },

    /** The bank account behind a payout account as the provider told it: its holder and last four digits. */
    async setAccountBank(lawyerId: string, bank: { holder: string | null; bankLast4: string | null }) {
      await db.update(payoutAccounts).set(bank).where(eq(payoutAccounts.lawyerId, lawyerId));
    },

    async lawyerMail(lawyerId: string) {
      const [row] = await db.select({ mail: users.mail }).from(users).where(eq(users.id, lawyerId));
      return row?.mail;
    },

    /**
     * The lawyer's completed payments of cases not finished yet, and of first consultations not released
     * yet (what is held for them).
     */
    // the reports of Cobros, Pagos, the overview and the ledger check (money-reports.repository.ts)
    ...createMoneyReportsRepository(db),
  };
}

export type MoneyRepository = ReturnType<typeof createMoneyRepository>;
