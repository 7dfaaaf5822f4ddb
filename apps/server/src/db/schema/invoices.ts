import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { cases } from './cases.ts';
import { createdAt, id, tstz } from './columns.ts';
import { consultations } from './consultations.ts';
import { payments } from './payments.ts';
import { users } from './users.ts';

/**
 * The fiscal data a person invoices or is invoiced with (docs/invoices.md). Optional for clients,
 * required of lawyers before their invoices can be issued.
 */
export const fiscalProfiles = pgTable('fiscal_profiles', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  nif: text('nif').notNull(),
  name: text('name').notNull(),
  street: text('street').notNull(),
  postalCode: text('postal_code').notNull(),
  city: text('city').notNull(),
  province: text('province').notNull(),
  isBusiness: boolean('is_business').notNull().default(false),
  /** lawyers only: 15, or 7 in their first years of practice */
  irpfRate: smallint('irpf_rate'),
  /** lawyers only: the platform may issue their invoices on their behalf (RD 1619/2012 art. 5) */
  invoicingConsent: boolean('invoicing_consent'),
  updatedAt: tstz('updated_at').notNull().defaultNow(),
});

/**
 * The last number given in each series of each issuer. Locked by the issuing transaction, so numbers are
 * consecutive without gaps: a transaction that rolls back gives its number back.
 */
export const invoiceCounters = pgTable(
  'invoice_counters',
  {
    issuerNif: text('issuer_nif').notNull(),
    series: text('series').notNull(),
    lastNumber: integer('last_number').notNull(),
  },
  (t) => [primaryKey({ columns: [t.issuerNif, t.series] })],
);

/** One invoice, as issued; never updated or deleted (a correction is a rectifying invoice). */
export const invoices = pgTable(
  'invoices',
  {
    id: id(),
    /** 'service': lawyer → client, issued by the platform on the lawyer's behalf; 'fee': platform → lawyer */
    kind: text('kind', { enum: ['service', 'fee', 'rectifying'] }).notNull(),
    type: text('type', { enum: ['F1', 'F2', 'R1', 'R2', 'R3', 'R4', 'R5'] }).notNull(),
    series: text('series').notNull(),
    number: integer('number').notNull(),
    /** series and number as the AEAT reads them (NumSerieFactura) */
    numSerie: text('num_serie').notNull(),
    issuedAt: tstz('issued_at').notNull(),
    issuerUserId: uuid('issuer_user_id').references(() => users.id),
    issuerNif: text('issuer_nif').notNull(),
    issuerName: text('issuer_name').notNull(),
    issuerAddress: text('issuer_address').notNull(),
    recipientUserId: uuid('recipient_user_id').references(() => users.id),
    recipientNif: text('recipient_nif'),
    recipientName: text('recipient_name').notNull(),
    recipientAddress: text('recipient_address'),
    /** issued by the platform in the issuer's name (invoicing by a third party) */
    issuedByThirdParty: boolean('issued_by_third_party').notNull(),
    lines: jsonb('lines').$type<{ description: string; baseCents: number }[]>().notNull(),
    baseCents: integer('base_cents').notNull(),
    vatRate: smallint('vat_rate').notNull(),
    vatCents: integer('vat_cents').notNull(),
    irpfRate: smallint('irpf_rate').notNull(),
    irpfCents: integer('irpf_cents').notNull(),
    totalCents: integer('total_cents').notNull(),
    rectifiesId: uuid('rectifies_id'),
    /** what was paid for: a case, or a first consultation (exactly one) */
    caseId: uuid('case_id').references(() => cases.id),
    consultationId: uuid('consultation_id').references(() => consultations.id),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('invoices_series_number_key').on(t.issuerNif, t.series, t.number),
    // a payment is invoiced once of each kind, whatever retries happen; an invoice may be rectified in
    // parts (partial refunds), never beyond its amount (the refund's lock on the payment orders them)
    uniqueIndex('invoices_payment_kind_key').on(t.paymentId, t.kind).where(sql`${t.kind} <> 'rectifying'`),
    index('invoices_rectifies_idx').on(t.rectifiesId),
    check('invoices_subject_check', sql`(${t.caseId} is null) <> (${t.consultationId} is null)`),
    index('invoices_issuer_idx').on(t.issuerUserId, t.issuedAt),
    index('invoices_recipient_idx').on(t.recipientUserId, t.issuedAt),
    index('invoices_issued_idx').on(t.issuedAt),
  ],
);

/**
 * VERI*FACTU records (Real Decreto 1007/2023, Orden HAC/1177/2024): one alta per invoice, one anulación
 * per cancelled one, chained per issuer by their huella. The values are stored exactly as hashed.
 */
export const verifactuRecords = pgTable(
  'verifactu_records',
  {
    id: id(),
    issuerNif: text('issuer_nif').notNull(),
    /** 1, 2, 3… within the issuer's chain */
    position: integer('position').notNull(),
    kind: text('kind', { enum: ['alta', 'anulacion'] }).notNull(),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id),
    issuerName: text('issuer_name').notNull(),
    numSerie: text('num_serie').notNull(),
    /** dd-mm-yyyy */
    issueDate: text('issue_date').notNull(),
    invoiceType: text('invoice_type').notNull(),
    cuotaTotal: text('cuota_total').notNull(),
    importeTotal: text('importe_total').notNull(),
    previousHuella: text('previous_huella').notNull(),
    huella: text('huella').notNull(),
    /** ISO 8601 with the Madrid offset, as hashed */
    generatedAt: text('generated_at').notNull(),
    /**
     * what the submitter answered (docs/invoices.md, Submission): the sandbox accepts at once; the AEAT
     * answers Correcto (ACEPTADO), AceptadoConErrores or Incorrecto (RECHAZADO)
     */
    submission: text('submission', {
      enum: ['PENDIENTE', 'ACEPTADO', 'ACEPTADO_CON_ERRORES', 'RECHAZADO'],
    })
      .notNull()
      .default('PENDIENTE'),
    /** the AEAT's error code and description for the record, when it gave one */
    submissionCode: text('submission_code'),
    submissionMessage: text('submission_message'),
    /** when the answer came, and the AEAT's CSV (secure verification code) of the submission */
    submittedAt: tstz('submitted_at'),
    submissionCsv: text('submission_csv'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('verifactu_records_chain_key').on(t.issuerNif, t.position),
    index('verifactu_records_invoice_idx').on(t.invoiceId),
    // the submission queue's next records, oldest first: the few not answered yet, not every record ever
    index('verifactu_records_pending_idx')
      .on(t.createdAt, t.issuerNif, t.position)
      .where(sql`${t.submission} = 'PENDIENTE'`),
    check('verifactu_records_huella_hex', sql`${t.huella} ~ '^[0-9A-F]{64}$'`),
  ],
);

/**
 * The head of each issuer's record chain: its row is locked while a record is added, so two payments of one
 * lawyer chain one after the other, never both after the same record.
 */
export const verifactuChains = pgTable('verifactu_chains', {
  issuerNif: text('issuer_nif').primaryKey(),
  lastPosition: integer('last_position').notNull(),
  lastHuella: text('last_huella').notNull(),
});
