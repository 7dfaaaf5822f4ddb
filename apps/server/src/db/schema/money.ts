import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { cases } from './cases.ts';
import { createdAt, id, tstz } from './columns.ts';
import { consultations } from './consultations.ts';
import { payments } from './payments.ts';
import { users } from './users.ts';

/**
 * docs/money.md: the money that reaches a lawyer. A payout account per lawyer at the provider; one transfer
 * per case (its outbox: PENDIENTE until sent); refunds and disputes of payments; and the double-entry ledger
 * every movement writes.
 */
export const payoutAccounts = pgTable(
  'payout_accounts',
  {
    lawyerId: uuid('lawyer_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: ['sandbox', 'stripe'] }).notNull(),
    providerAccountId: text('provider_account_id').notNull(),
    status: text('status', { enum: ['none', 'pending', 'enabled'] })
      .notNull()
      .default('pending'),
    createdAt: createdAt(),
    enabledAt: tstz('enabled_at'),
    /** the bank account's holder and its last four digits, as the provider told them (never the IBAN) */
    holder: text('holder'),
    bankLast4: text('bank_last4'),
  },
  (t) => [uniqueIndex('payout_accounts_provider_key').on(t.provider, t.providerAccountId)],
);

/**
 * The lawyer's share of a finished case or of a paid first consultation after its end (exactly one of the
 * two): PENDIENTE (owed), ENVIADA (sent), REVERTIDA (all taken back).
 */
export const transfers = pgTable(
  'transfers',
  {
    id: id(),
    caseId: uuid('case_id').references(() => cases.id, { onDelete: 'cascade' }),
    consultationId: uuid('consultation_id').references(() => consultations.id, { onDelete: 'cascade' }),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id),
    lawyerId: uuid('lawyer_id')
      .notNull()
      .references(() => users.id),
    /** what is owed to the lawyer (lowered by a refund while not sent) */
    amountCents: integer('amount_cents').notNull(),
    /** what was taken back from the lawyer after sending (by a refund, or outside L4L) */
    reversedCents: integer('reversed_cents').notNull().default(0),
    /**
     * the part of `reversedCents` reversed outside L4L (the provider's dashboard) that no refund has used
     * yet: the `unreconciled` ledger account of the case (docs/money.md, Reversals outside L4L)
     */
    reversedOutsideCents: integer('reversed_outside_cents').notNull().default(0),
    status: text('status', { enum: ['PENDIENTE', 'ENVIADA', 'REVERTIDA'] })
      .notNull()
      .default('PENDIENTE'),
    provider: text('provider', { enum: ['sandbox', 'stripe'] }),
    providerTransferId: text('provider_transfer_id'),
    /** the provider's transfer_group: the case's (or the consultation's) id */
    transferGroup: text('transfer_group').notNull(),
    createdAt: createdAt(),
    sentAt: tstz('sent_at'),
  },
  (t) => [
    uniqueIndex('transfers_case_key').on(t.caseId),
    uniqueIndex('transfers_consultation_key').on(t.consultationId),
    check('transfers_subject_check', sql`(${t.caseId} is null) <> (${t.consultationId} is null)`),
    index('transfers_lawyer_idx').on(t.lawyerId, t.createdAt),
    index('transfers_pending_idx').on(t.status),
    check(
      'transfers_amount_check',
      sql`${t.amountCents} >= 0 and ${t.reversedCents} >= 0 and ${t.reversedOutsideCents} between 0 and ${t.reversedCents}`,
    ),
  ],
);

/** A refund of (part of) a payment. */
export const refunds = pgTable(
  'refunds',
  {
    id: id(),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id),
    caseId: uuid('case_id').references(() => cases.id, { onDelete: 'cascade' }),
    consultationId: uuid('consultation_id').references(() => consultations.id, { onDelete: 'cascade' }),
    amountCents: integer('amount_cents').notNull(),
    reason: text('reason').notNull(),
    /** an admin's refund; null when the provider took it (a lost card dispute) */
    adminId: uuid('admin_id').references(() => users.id),
    disputeId: uuid('dispute_id'),
    providerRefundId: text('provider_refund_id'),
    createdAt: createdAt(),
  },
  (t) => [
    index('refunds_payment_idx').on(t.paymentId),
    uniqueIndex('refunds_provider_key').on(t.providerRefundId),
    check('refunds_amount_check', sql`${t.amountCents} > 0`),
    check('refunds_subject_check', sql`(${t.caseId} is null) <> (${t.consultationId} is null)`),
  ],
);

export const disputes = pgTable(
  'disputes',
  {
    id: id(),
    caseId: uuid('case_id')
      .notNull()
      .references(() => cases.id, { onDelete: 'cascade' }),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id),
    source: text('source', { enum: ['client', 'provider'] }).notNull(),
    reason: text('reason').notNull(),
    status: text('status', { enum: ['open', 'resolved'] })
      .notNull()
      .default('open'),
    outcome: text('outcome', { enum: ['release', 'refund'] }),
    refundedCents: integer('refunded_cents'),
    note: text('note'),
    resolvedBy: uuid('resolved_by').references(() => users.id),
    providerDisputeId: text('provider_dispute_id'),
    openedAt: createdAt(),
    resolvedAt: tstz('resolved_at'),
  },
  (t) => [
    // at most one open dispute per case
    uniqueIndex('disputes_open_case_key').on(t.caseId).where(sql`status = 'open'`),
    uniqueIndex('disputes_provider_key').on(t.providerDisputeId),
    index('disputes_status_idx').on(t.status, t.openedAt),
  ],
);

/**
 * The double-entry ledger (docs/money.md, Ledger): one row per leg, debit positive and credit negative in
 * cents; the legs of one movement share `movementId` and sum to zero. `reference` names what moved
 * (a payment, case, refund or transfer id); each (kind, reference) is one movement, written once under
 * the lock of what it records.
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: id(),
    movementId: uuid('movement_id').notNull(),
    kind: text('kind', { enum: ['charge', 'release', 'transfer', 'reversal', 'refund'] }).notNull(),
    reference: text('reference').notNull(),
    caseId: uuid('case_id').references(() => cases.id, { onDelete: 'set null' }),
    consultationId: uuid('consultation_id').references(() => consultations.id, { onDelete: 'set null' }),
    account: text('account', {
      enum: ['provider_balance', 'client_funds', 'lawyer_payable', 'platform_fee', 'unreconciled'],
    }).notNull(),
    amountCents: integer('amount_cents').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('ledger_movement_idx').on(t.movementId),
    index('ledger_reference_idx').on(t.kind, t.reference),
    index('ledger_created_idx').on(t.createdAt),
  ],
);
