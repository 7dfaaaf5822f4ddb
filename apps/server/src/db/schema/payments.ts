import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { cases, proposals } from './cases.ts';
import { createdAt, id, tstz } from './columns.ts';
import { consultations } from './consultations.ts';
import { users } from './users.ts';

/**
 * One payment for an accepted proposal, or for a paid first consultation (the billing rows of both sides
 * come from here): exactly one of `case_id` (with its proposal) and `consultation_id` is set. The amount
 * comes from the proposal or the consultation, never from the client; the platform fee is recorded per
 * payment.
 */
export const payments = pgTable(
  'payments',
  {
    id: id(),
    caseId: uuid('case_id').references(() => cases.id, { onDelete: 'cascade' }),
    proposalId: uuid('proposal_id').references(() => proposals.id, { onDelete: 'cascade' }),
    /** docs/money.md, First consultations: the consultation this payment is for (then no case) */
    consultationId: uuid('consultation_id').references(() => consultations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    lawyerId: uuid('lawyer_id')
      .notNull()
      .references(() => users.id),
    provider: text('provider', { enum: ['sandbox', 'stripe'] }).notNull(),
    providerSessionId: text('provider_session_id').notNull(),
    providerPaymentId: text('provider_payment_id'),
    /** what the client is charged: the proposal's price less the IRPF a business client withholds */
    amountCents: integer('amount_cents').notNull(),
    /** the platform's fee, on the proposal's price */
    feeCents: integer('fee_cents').notNull(),
    /**
     * docs/invoices.md, IRPF: the rate and the amount a business client withholds from the lawyer's fee
     * (and pays to the AEAT), fixed when the checkout opens; the price is amount + withheld
     */
    irpfRate: integer('irpf_rate').notNull().default(0),
    withheldCents: integer('withheld_cents').notNull().default(0),
    currency: text('currency').notNull().default('EUR'),
    /**
     * REEMBOLSADO: money that arrived for a case another payment had taken already, given back at once
     * (the provider's refund id and when are kept beside it)
     */
    status: text('status', { enum: ['PENDIENTE', 'COMPLETADO', 'CANCELADO', 'REEMBOLSADO'] })
      .notNull()
      .default('PENDIENTE'),
    createdAt: createdAt(),
    completedAt: tstz('completed_at'),
    providerRefundId: text('provider_refund_id'),
    /** docs/money.md: what the administrators (or a lost card dispute) gave back of a completed payment */
    refundedCents: integer('refunded_cents').notNull().default(0),
    refundedAt: tstz('refunded_at'),
  },
  (t) => [
    uniqueIndex('payments_provider_session_key').on(t.provider, t.providerSessionId),
    index('payments_user_idx').on(t.userId, t.completedAt),
    index('payments_lawyer_idx').on(t.lawyerId, t.completedAt),
    index('payments_proposal_idx').on(t.proposalId),
    index('payments_case_idx').on(t.caseId),
    index('payments_consultation_idx').on(t.consultationId),
    check(
      'payments_subject_check',
      sql`(${t.caseId} is not null and ${t.proposalId} is not null and ${t.consultationId} is null) or (${t.caseId} is null and ${t.proposalId} is null and ${t.consultationId} is not null)`,
    ),
  ],
);

/**
 * Provider events already processed: a webhook is idempotent on its event id. Kept as the trace of what
 * the money was booked from, then swept (docs/domain.md, Privacy rights, Retention).
 */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: text('id').primaryKey(),
    provider: text('provider').notNull(),
    type: text('type').notNull(),
    receivedAt: createdAt(),
  },
  (t) => [index('payment_events_received_idx').on(t.receivedAt)],
);
