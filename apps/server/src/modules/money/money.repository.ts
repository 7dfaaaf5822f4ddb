import { and, asc, count, desc, eq, gte, inArray, isNotNull, lte, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/database.ts';
import {
  cases,
  consultations,
  disputes,
  ledgerEntries,
  payments,
  payoutAccounts,
  refunds,
  transfers,
  users,
} from '../../db/schema/index.ts';

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
  const clients = alias(users, 'clients');
  const lawyers = alias(users, 'lawyers');
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
    async heldPayments(lawyerId: string) {
      return db
        .select({
          amountCents: payments.amountCents,
          feeCents: payments.feeCents,
          refundedCents: payments.refundedCents,
        })
        .from(payments)
        .leftJoin(cases, eq(cases.id, payments.caseId))
        .where(
          and(
            eq(payments.lawyerId, lawyerId),
            isNotNull(payments.completedAt),
            or(
              eq(cases.status, 'ACTIVO'),
              and(
                isNotNull(payments.consultationId),
                sql`not exists (select 1 from ${ledgerEntries} where ${ledgerEntries.kind} = 'release' and ${ledgerEntries.reference} = ${payments.consultationId}::text)`,
              ),
            ),
          ),
        );
    },

    async lawyerTransfers(lawyerId: string, limit?: number, offset?: number) {
      const query = db
        .select()
        .from(transfers)
        .where(eq(transfers.lawyerId, lawyerId))
        .orderBy(desc(transfers.createdAt), desc(transfers.id))
        .$dynamic();
      const rows = await (limit === undefined ? query : query.limit(limit).offset(offset ?? 0));
      const ids = [...new Set(rows.map((row) => row.paymentId))];
      // each transfer's payment: what the client paid, the fee and what was refunded (Cobros explains it)
      const paid = ids.length
        ? await db
            .select({
              id: payments.id,
              amountCents: payments.amountCents,
              feeCents: payments.feeCents,
              refundedCents: payments.refundedCents,
            })
            .from(payments)
            .where(inArray(payments.id, ids))
        : [];
      const [total] = await db
        .select({ total: count() })
        .from(transfers)
        .where(eq(transfers.lawyerId, lawyerId));
      return { rows, payments: new Map(paid.map((row) => [row.id, row])), total: total?.total ?? 0 };
    },

    /** Pagos: payments with their names, transfer and whether a dispute is open, newest first. */
    async adminPayments(filter: { status?: string; from?: Date; to?: Date }, limit?: number, offset = 0) {
      const where = and(
        filter.status ? eq(payments.status, filter.status as 'COMPLETADO') : undefined,
        filter.from ? gte(payments.createdAt, filter.from) : undefined,
        filter.to ? lte(payments.createdAt, filter.to) : undefined,
      );
      const query = db
        .select({
          payment: payments,
          clientName: sql<string>`trim(coalesce(${clients.name}, '') || ' ' || coalesce(${clients.surname}, ''))`,
          lawyerName: sql<string>`trim(coalesce(${lawyers.name}, '') || ' ' || coalesce(${lawyers.surname}, ''))`,
          transferStatus: transfers.status,
          transferReversedCents: transfers.reversedCents,
          transferOutsideCents: transfers.reversedOutsideCents,
          consultationStart: consultations.startAt,
          disputeOpen: sql<boolean>`exists (select 1 from ${disputes} where ${disputes.caseId} = ${payments.caseId} and ${disputes.status} = 'open')`,
        })
        .from(payments)
        .innerJoin(clients, eq(clients.id, payments.userId))
        .innerJoin(lawyers, eq(lawyers.id, payments.lawyerId))
        .leftJoin(transfers, eq(transfers.paymentId, payments.id))
        .leftJoin(consultations, eq(consultations.id, payments.consultationId))
        .where(where)
        .orderBy(desc(payments.createdAt), desc(payments.id))
        .$dynamic();
      const rows = await (limit === undefined ? query : query.limit(limit).offset(offset));
      const [total] = await db.select({ total: count() }).from(payments).where(where);
      return { rows, total: total?.total ?? 0 };
    },

    /** The ledger summed: per movement (to find unbalanced ones) and per account. */
    async ledgerSums() {
      const [accounts, unbalanced, [entries]] = await Promise.all([
        db
          .select({
            account: ledgerEntries.account,
            cents: sql<string>`coalesce(sum(${ledgerEntries.amountCents}), 0)`,
            debits: sql<string>`coalesce(sum(greatest(${ledgerEntries.amountCents}, 0)), 0)`,
          })
          .from(ledgerEntries)
          .groupBy(ledgerEntries.account),
        db
          .select({
            movementId: ledgerEntries.movementId,
            kind: ledgerEntries.kind,
            reference: ledgerEntries.reference,
          })
          .from(ledgerEntries)
          .groupBy(ledgerEntries.movementId, ledgerEntries.kind, ledgerEntries.reference)
          .having(sql`sum(${ledgerEntries.amountCents}) <> 0`),
        db.select({ entries: count() }).from(ledgerEntries),
      ]);
      const kinds = await db
        .select({
          kind: ledgerEntries.kind,
          account: ledgerEntries.account,
          cents: sql<string>`coalesce(sum(${ledgerEntries.amountCents}), 0)`,
        })
        .from(ledgerEntries)
        .groupBy(ledgerEntries.kind, ledgerEntries.account);
      return { accounts, unbalanced, entries: entries?.entries ?? 0, kinds };
    },

    /** What the payments, refunds and transfers tables say, to hold the ledger against. */
    async tableSums() {
      const [[paid], [refunded], [sent], [pending], [held], [unreconciled]] = await Promise.all([
        // completed payments, and late ones (never completed) that were charged and given back
        db
          .select({ cents: sql<string>`coalesce(sum(${payments.amountCents}), 0)` })
          .from(payments)
          .where(
            or(
              isNotNull(payments.completedAt),
              sql`exists (select 1 from ${refunds} where ${refunds.paymentId} = ${payments.id})`,
            ),
          ),
        db.select({ cents: sql<string>`coalesce(sum(${refunds.amountCents}), 0)` }).from(refunds),
        db
          .select({
            cents: sql<string>`coalesce(sum(${transfers.amountCents} - ${transfers.reversedCents}), 0)`,
          })
          .from(transfers)
          .where(inArray(transfers.status, ['ENVIADA', 'REVERTIDA'])),
        db
          .select({ cents: sql<string>`coalesce(sum(${transfers.amountCents}), 0)` })
          .from(transfers)
          .where(eq(transfers.status, 'PENDIENTE')),
        db
          .select({
            cents: sql<string>`coalesce(sum(${payments.amountCents} - ${payments.refundedCents}), 0)`,
          })
          .from(payments)
          .where(
            and(
              isNotNull(payments.completedAt),
              sql`not exists (select 1 from ${ledgerEntries} where ${ledgerEntries.kind} = 'release' and ${ledgerEntries.reference} = coalesce(${payments.caseId}, ${payments.consultationId})::text)`,
            ),
          ),
        db
          .select({ cents: sql<string>`coalesce(sum(${transfers.reversedOutsideCents}), 0)` })
          .from(transfers),
      ]);
      return {
        paid: Number(paid?.cents ?? 0),
        refunded: Number(refunded?.cents ?? 0),
        sent: Number(sent?.cents ?? 0),
        pending: Number(pending?.cents ?? 0),
        held: Number(held?.cents ?? 0),
        unreconciled: Number(unreconciled?.cents ?? 0),
      };
    },

    /** Per ISO week since `since`: payments, fees, refunds and transfers, in cents. */
    async weekly(since: Date) {
      const week = (column: unknown) => sql<string>`to_char(date_trunc('week', ${column}), 'YYYY-MM-DD')`;
      const [paid, refunded, sent] = await Promise.all([
        db
          .select({
            week: week(payments.completedAt),
            amount: sql<string>`sum(${payments.amountCents})`,
            fee: sql<string>`sum(${payments.feeCents})`,
          })
          .from(payments)
          .where(gte(payments.completedAt, since))
          .groupBy(sql`1`),
        db
          .select({ week: week(refunds.createdAt), amount: sql<string>`sum(${refunds.amountCents})` })
          .from(refunds)
          .where(gte(refunds.createdAt, since))
          .groupBy(sql`1`),
        db
          .select({ week: week(transfers.sentAt), amount: sql<string>`sum(${transfers.amountCents})` })
          .from(transfers)
          .where(gte(transfers.sentAt, since))
          .groupBy(sql`1`),
      ]);
      return { paid, refunded, sent };
    },

    async openDisputeCount() {
      const [row] = await db.select({ total: count() }).from(disputes).where(eq(disputes.status, 'open'));
      return row?.total ?? 0;
    },
  };
}

export type MoneyRepository = ReturnType<typeof createMoneyRepository>;
