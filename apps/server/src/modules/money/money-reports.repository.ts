import { and, count, desc, eq, gte, inArray, isNotNull, lte, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/database.ts';
import {
  cases,
  consultations,
  disputes,
  ledgerEntries,
  payments,
  refunds,
  transfers,
  users,
} from '../../db/schema/index.ts';

/**
 * What the money screens and checks read (docs/money.md): a lawyer's held payments and transfers (Cobros),
 * the administrators' payments (Pagos), the overview's weekly figures, and the ledger's sums against the
 * tables'. Reads only; the money repository composes it.
 */
export function createMoneyReportsRepository(db: Db) {
  const clients = alias(users, 'clients');
  const lawyers = alias(users, 'lawyers');
  return {
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
