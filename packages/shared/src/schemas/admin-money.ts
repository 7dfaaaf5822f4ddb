import { z } from 'zod';
import {
  DISPUTE_OUTCOMES,
  DISPUTE_STATUSES,
  LEDGER_ACCOUNTS,
  MONEY_NOTE_MAX,
  PAYMENT_STATUSES,
  TRANSFER_STATUSES,
} from '../constants/money.ts';
import { es } from '../texts/es/admin.ts';
import { blankToUndefined, csvDialectSchema, pageQuerySchema } from './common.ts';

/** The administrators' side of money: Pagos, disputes, refunds, the ledger check (docs/api/http.md, Money). */

const t = es.admin.money;

/** Euros > 0 with at most 2 decimals. */
const positiveEuros = z
  .number({ error: t.invalidAmount })
  .positive({ error: t.invalidAmount })
  .max(1_000_000, { error: t.invalidAmount })
  .refine((euros) => Math.abs(euros * 100 - Math.round(euros * 100)) < 1e-6, { error: t.invalidAmount });

const noteText = (required: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, { error: required })
    .max(MONEY_NOTE_MAX, { error: t.reasonTooLong });

/** POST /api/admin/payments/{id}/refund: amount absent = everything not refunded yet. */
export const refundSchema = z.object({
  amount: positiveEuros.optional(),
  reason: noteText(t.reasonRequired),
});
export type RefundInput = z.infer<typeof refundSchema>;

/** POST /api/admin/disputes/{id}/resolve: refund with no amount = a full refund. */
export const resolveDisputeSchema = z.object({
  outcome: z.enum(DISPUTE_OUTCOMES, { error: t.unknownStatus }),
  amount: positiveEuros.optional(),
  note: noteText(t.noteRequired),
});
export type ResolveDisputeInput = z.infer<typeof resolveDisputeSchema>;

/** GET /api/admin/disputes?status=open|resolved (absent: all), paged, oldest first. */
export const adminDisputesQuerySchema = pageQuerySchema.extend({
  status: z.preprocess(blankToUndefined, z.enum(DISPUTE_STATUSES, { error: t.unknownStatus }).optional()),
});
export type AdminDisputesQuery = z.infer<typeof adminDisputesQuerySchema>;

const dateText = z.preprocess(
  blankToUndefined,
  z
    .string()
    .refine((text) => !Number.isNaN(Date.parse(text)), { error: t.invalidDate })
    .optional(),
);

/**
 * GET /api/admin/payments: status, from, to (ISO dates, inclusive; `to` as a date covers that whole day),
 * paged newest first; format=csv answers every matching row as text/csv.
 */
export const adminPaymentsQuerySchema = pageQuerySchema.extend({
  status: z.preprocess(blankToUndefined, z.enum(PAYMENT_STATUSES, { error: t.unknownStatus }).optional()),
  from: dateText,
  to: dateText,
  format: z.preprocess(blankToUndefined, z.enum(['json', 'csv']).default('json')),
  dialect: csvDialectSchema,
});
export type AdminPaymentsQuery = z.infer<typeof adminPaymentsQuerySchema>;

/** A row of Pagos. Euros; `refunded` is the sum refunded so far; transferStatus null until the case finishes. */
export const adminPaymentSchema = z.object({
  id: z.string(),
  /** the case paid; null for a first consultation's payment, which names the consultation instead */
  caseId: z.string().nullable(),
  caseCode: z.string().nullable(),
  /** (+) a paid first consultation: its id and start (ISO 8601) */
  consultationId: z.string().nullable(),
  consultationStart: z.string().nullable(),
  clientId: z.string(),
  lawyerId: z.string(),
  status: z.enum(PAYMENT_STATUSES),
  amount: z.number(),
  fee: z.number(),
  refunded: z.number(),
  transferStatus: z.enum(TRANSFER_STATUSES).nullable(),
  /**
   * (+) euros taken back from the transfer after sending, and the part of them reversed outside L4L that
   * waits for a person (docs/money.md, Reversals outside L4L)
   */
  transferReversed: z.number(),
  transferUnreconciled: z.number(),
  createdAt: z.string(),
  /** (+) names for the table, and whether a dispute is open on the case */
  clientName: z.string(),
  lawyerName: z.string(),
  disputeOpen: z.boolean(),
});
export type AdminPayment = z.infer<typeof adminPaymentSchema>;

/** The answer of a refund: the payment after it. */
export const refundAnswerSchema = adminPaymentSchema;

/**
 * GET /api/admin/ledger/check. `entries`: how many ledger entries; `totals.accounts`: each account's balance
 * (debit positive, euros); `totals.debits`/`credits`: the sums of each side; the rest: what the payments,
 * refunds and transfers tables say, which the ledger must match. `problems` names each mismatch (empty when
 * balanced).
 */
export const ledgerCheckSchema = z.object({
  balanced: z.boolean(),
  entries: z.number().int(),
  totals: z.object({
    debits: z.number(),
    credits: z.number(),
    accounts: z.record(z.enum(LEDGER_ACCOUNTS), z.number()),
    payments: z.number(),
    fees: z.number(),
    refunds: z.number(),
    transfers: z.number(),
  }),
  problems: z.array(z.string()),
});
export type LedgerCheck = z.infer<typeof ledgerCheckSchema>;

/**
 * GET /api/admin/money/summary (+): the Resumen's pictures. `weeks`: the last 12 ISO weeks (Monday, oldest
 * first) with the euros of payments, fees, refunds and transfers in each; `held`: money held now (paid cases
 * not finished, plus owed and not sent); `openDisputes`: how many disputes wait.
 */
export const moneySummarySchema = z.object({
  weeks: z.array(
    z.object({
      week: z.string(),
      payments: z.number(),
      fees: z.number(),
      refunds: z.number(),
      transfers: z.number(),
    }),
  ),
  held: z.number(),
  available: z.number(),
  openDisputes: z.number().int(),
});
export type MoneySummary = z.infer<typeof moneySummarySchema>;
