import { and, asc, count, desc, eq, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/database.ts';
import {
  cases,
  consultations,
  fiscalProfiles,
  invoiceCounters,
  invoices,
  users,
  verifactuChains,
  verifactuRecords,
} from '../../db/schema/index.ts';

export type FiscalProfileRow = typeof fiscalProfiles.$inferSelect;
export type InvoiceRow = typeof invoices.$inferSelect;
export type NewInvoice = typeof invoices.$inferInsert;
export type RecordRow = typeof verifactuRecords.$inferSelect;
export type NewRecord = typeof verifactuRecords.$inferInsert;
/** The invoice a rectifying one rectifies, as its alta record names it (the AEAT's IDFacturaRectificada). */
export type RectifiedRef = Pick<RecordRow, 'issuerNif' | 'numSerie' | 'issueDate'>;
/**
 * A record waiting for the submitter, with its invoice, the record before it (null for the first) and, for
 * a rectifying invoice, the invoice it rectifies.
 */
export type PendingRecord = {
  record: RecordRow;
  invoice: InvoiceRow;
  previous: Pick<RecordRow, 'issuerNif' | 'numSerie' | 'issueDate' | 'huella'> | null;
  rectified: RectifiedRef | null;
};
/** What the submitter answered for one record (docs/invoices.md, Submission). */
export type SubmissionAnswer = {
  status: 'ACEPTADO' | 'ACEPTADO_CON_ERRORES' | 'RECHAZADO';
  code?: string | null;
  message?: string | null;
  /** the AEAT's secure verification code of the submission that carried it */
  csv?: string | null;
};

/** An invoice with its alta record (every invoice has one, written in the same transaction). */
const withAlta = {
  invoice: invoices,
  record: verifactuRecords,
};
const altaOf = and(eq(verifactuRecords.invoiceId, invoices.id), eq(verifactuRecords.kind, 'alta'));
/** The alta record of the invoice a rectifying one rectifies (null for any other invoice). */
const rectifiedAlta = alias(verifactuRecords, 'rectified');
const rectifiedRef = {
  issuerNif: rectifiedAlta.issuerNif,
  numSerie: rectifiedAlta.numSerie,
  issueDate: rectifiedAlta.issueDate,
};
const rectifiedOn = and(eq(rectifiedAlta.invoiceId, invoices.rectifiesId), eq(rectifiedAlta.kind, 'alta'));

/**
 * Fiscal profiles, invoices and VERI*FACTU records: written by this module only, and only by inserts
 * (docs/invoices.md, What is issued when); the counter and chain-head rows are the only ones updated.
 */
export function createInvoicesRepository(db: Db) {
  return {
    async profile(userId: string) {
      const [row] = await db.select().from(fiscalProfiles).where(eq(fiscalProfiles.userId, userId));
      return row;
    },

    async saveProfile(values: typeof fiscalProfiles.$inferInsert) {
      const { userId: _userId, ...changes } = values;
      const [row] = await db
        .insert(fiscalProfiles)
        .values(values)
        .onConflictDoUpdate({ target: fiscalProfiles.userId, set: { ...changes, updatedAt: new Date() } })
        .returning();
      return row as FiscalProfileRow;
    },

    async person(userId: string) {
      const [row] = await db
        .select({ id: users.id, role: users.role, name: users.name, surname: users.surname })
        .from(users)
        .where(eq(users.id, userId));
      return row;
    },

    async caseTitle(caseId: string) {
      const [row] = await db.select({ title: cases.title }).from(cases).where(eq(cases.id, caseId));
      return row?.title ?? '';
    },

    /** When a paid first consultation starts (its invoices name it). */
    async consultationStart(consultationId: string) {
      const [row] = await db
        .select({ startAt: consultations.startAt })
        .from(consultations)
        .where(eq(consultations.id, consultationId));
      return row?.startAt;
    },

    async issuedFor(paymentId: string, kind: InvoiceRow['kind']) {
      const [row] = await db
        .select({ id: invoices.id })
        .from(invoices)
        .where(and(eq(invoices.paymentId, paymentId), eq(invoices.kind, kind)));
      return row;
    },

    /**
     * The invoices of a payment, the lawyer's before the platform's: the order every issuing transaction
     * locks their chains in, so a refund and a payment of one lawyer never wait for each other in a circle.
     */
    ofPayment(paymentId: string) {
      return db
        .select()
        .from(invoices)
        .where(eq(invoices.paymentId, paymentId))
        .orderBy(desc(invoices.kind), asc(invoices.createdAt));
    },

    async rectificationOf(invoiceId: string) {
      const [row] = await db
        .select({ id: invoices.id })
        .from(invoices)
        .where(eq(invoices.rectifiesId, invoiceId));
      return row;
    },

    /**
     * The next number of a series. The upsert leaves the counter row locked until the transaction ends, so
     * concurrent issuers wait for each other and a rolled-back transaction gives its number back.
     */
    async nextNumber(issuerNif: string, series: string): Promise<number> {
      const [row] = await db
        .insert(invoiceCounters)
        .values({ issuerNif, series, lastNumber: 1 })
        .onConflictDoUpdate({
          target: [invoiceCounters.issuerNif, invoiceCounters.series],
          set: { lastNumber: sql`${invoiceCounters.lastNumber} + 1` },
        })
        .returning({ lastNumber: invoiceCounters.lastNumber });
      if (!row) throw new Error('invoice counter not written');
      return row.lastNumber;
    },

    /** The head of an issuer's record chain, locked (select … for update) until the transaction ends. */
    async lockChain(issuerNif: string) {
      await db
        .insert(verifactuChains)
        .values({ issuerNif, lastPosition: 0, lastHuella: '' })
        .onConflictDoNothing();
      const [head] = await db
        .select()
        .from(verifactuChains)
        .where(eq(verifactuChains.issuerNif, issuerNif))
        .for('update');
      if (!head) throw new Error('record chain head not found');
      return head;
    },

    async insertInvoice(values: NewInvoice) {
      const [row] = await db.insert(invoices).values(values).returning();
      return row as InvoiceRow;
    },

    /** Adds a record at the end of its issuer's chain (whose head the caller has locked). */
    async appendRecord(values: NewRecord) {
      const [row] = await db.insert(verifactuRecords).values(values).returning();
      await db
        .update(verifactuChains)
        .set({ lastPosition: values.position, lastHuella: values.huella })
        .where(eq(verifactuChains.issuerNif, values.issuerNif));
      return row as RecordRow;
    },

    /**
     * Records not yet answered, oldest first, each with its invoice and the record before it in its
     * issuer's chain (what the AEAT's `Encadenamiento` names).
     */
    pendingRecords(limit: number): Promise<PendingRecord[]> {
      const previous = alias(verifactuRecords, 'previous');
      return (
        db
          .select({
            record: verifactuRecords,
            invoice: invoices,
            previous: {
              issuerNif: previous.issuerNif,
              numSerie: previous.numSerie,
              issueDate: previous.issueDate,
              huella: previous.huella,
            },
            rectified: rectifiedRef,
          })
          .from(verifactuRecords)
          .innerJoin(invoices, eq(invoices.id, verifactuRecords.invoiceId))
          .leftJoin(rectifiedAlta, rectifiedOn)
          .leftJoin(
            previous,
            and(
              eq(previous.issuerNif, verifactuRecords.issuerNif),
              eq(previous.position, sql`${verifactuRecords.position} - 1`),
            ),
          )
          // written out, so the planner matches the partial index of the pending whatever the parameters
          .where(sql`${verifactuRecords.submission} = 'PENDIENTE'`)
          .orderBy(
            asc(verifactuRecords.createdAt),
            asc(verifactuRecords.issuerNif),
            asc(verifactuRecords.position),
          )
          .limit(limit)
      );
    },

    /**
     * The submitter's answer: the only change a record ever gets, and to a column the huella does not
     * cover.
     */
    async setSubmission(id: string, answer: SubmissionAnswer) {
      await db
        .update(verifactuRecords)
        .set({
          submission: answer.status,
          submissionCode: answer.code ?? null,
          submissionMessage: answer.message ?? null,
          submissionCsv: answer.csv ?? null,
          submittedAt: new Date(),
        })
        .where(eq(verifactuRecords.id, id));
    },

    /** Invoices the person issued or received, newest first. */
    async pageOf(userId: string, limit: number, offset: number) {
      const mine: SQL | undefined = or(
        eq(invoices.issuerUserId, userId),
        eq(invoices.recipientUserId, userId),
      );
      const [rows, totals] = await Promise.all([
        db
          .select(withAlta)
          .from(invoices)
          .innerJoin(verifactuRecords, altaOf)
          .where(mine)
          .orderBy(desc(invoices.issuedAt), desc(invoices.number), desc(invoices.id))
          .limit(limit)
          .offset(offset),
        db.select({ total: count() }).from(invoices).where(mine),
      ]);
      return { rows, total: totals[0]?.total ?? 0 };
    },

    async byId(id: string) {
      const [row] = await db
        .select(withAlta)
        .from(invoices)
        .innerJoin(verifactuRecords, altaOf)
        .where(eq(invoices.id, id));
      return row;
    },

    /** The book of issued invoices, in the order issued. */
    book() {
      return db
        .select(withAlta)
        .from(invoices)
        .innerJoin(verifactuRecords, altaOf)
        .orderBy(asc(invoices.issuedAt), asc(invoices.issuerNif), asc(invoices.series), asc(invoices.number));
    },

    /**
     * Records with their invoices (and, for a rectifying one, the invoice it rectifies), one issuer's
     * chain in order, or every chain.
     */
    records(issuerNif?: string): Promise<RecordWithInvoice[]> {
      return db
        .select({ record: verifactuRecords, invoice: invoices, rectified: rectifiedRef })
        .from(verifactuRecords)
        .innerJoin(invoices, eq(invoices.id, verifactuRecords.invoiceId))
        .leftJoin(rectifiedAlta, rectifiedOn)
        .where(issuerNif ? eq(verifactuRecords.issuerNif, issuerNif) : undefined)
        .orderBy(asc(verifactuRecords.issuerNif), asc(verifactuRecords.position));
    },
  };
}

export type InvoicesRepository = ReturnType<typeof createInvoicesRepository>;
export type InvoiceWithAlta = { invoice: InvoiceRow; record: RecordRow };
/** A record as the AEAT reads it: its invoice and, for a rectifying one, the invoice it rectifies. */
export type RecordWithInvoice = InvoiceWithAlta & { rectified: RectifiedRef | null };
