import { z } from 'zod';
import {
  DISPUTE_REASON_MAX,
  DISPUTE_REASON_MIN,
  DISPUTE_STATUSES,
  PAYOUT_ACCOUNT_STATUSES,
  TRANSFER_STATUSES,
} from '../constants/money.ts';
import { checkIban } from '../fiscal/iban.ts';
import { es } from '../texts/es/app.ts';
import { checkedStringSchema, requiredText } from './common.ts';

/**
 * The money a lawyer receives and the client's dispute (docs/api/http.md, Money; docs/money.md).
 * Amounts are euros with at most 2 decimals; dates ISO strings.
 */

/** GET /api/payouts/account */
export const payoutAccountSchema = z.object({
  status: z.enum(PAYOUT_ACCOUNT_STATUSES),
  provider: z.enum(['sandbox', 'stripe']),
  /** (+) the bank account's holder and last four digits as the provider told them; null until known */
  holder: z.string().nullish(),
  bankLast4: z.string().nullish(),
  /** (+) when the account was enabled */
  enabledAt: z.string().nullish(),
});
export type PayoutAccount = z.infer<typeof payoutAccountSchema>;

/** POST /api/payouts/account/onboarding: where the lawyer sets the account up (sandbox: /payout/sandbox/{id}). */
export const onboardingLinkSchema = z.object({ url: z.string() });
export type OnboardingLink = z.infer<typeof onboardingLinkSchema>;

/** An IBAN, normalised and checked (fiscal/iban.ts); the message says what is wrong with it. */
export const ibanSchema = checkedStringSchema(checkIban, es.money.iban.required);

/** What the sandbox onboarding page sends: the account's holder and its IBAN. */
export const sandboxOnboardingSchema = z.object({
  holder: requiredText(120, es.money.holderRequired),
  iban: ibanSchema,
});
export type SandboxOnboardingInput = z.input<typeof sandboxOnboardingSchema>;

/**
 * GET /api/payouts/balance: held = paid cases not finished yet, available = owed but not sent (no enabled
 * account yet), paidOut = transferred.
 */
export const payoutBalanceSchema = z.object({
  held: z.number(),
  available: z.number(),
  paidOut: z.number(),
});
export type PayoutBalance = z.infer<typeof payoutBalanceSchema>;

/** GET /api/payouts/transfers (paged): one row per finished case or paid first consultation after its end. */
export const transferSchema = z.object({
  id: z.string(),
  /** the case (null for a first consultation's transfer, which names `consultationId` instead) */
  caseId: z.string().nullable(),
  caseCode: z.string().nullable(),
  consultationId: z.string().nullable(),
  amount: z.number(),
  status: z.enum(TRANSFER_STATUSES),
  /** (+) euros taken back after sending (by a refund, or outside L4L); `amount` is what the lawyer kept */
  reversed: z.number(),
  /** (+) what was sent (owed, while PENDIENTE): `sent` − `reversed` = `amount` once sent */
  sent: z.number(),
  /**
   * (+) the payment it comes from: what the client paid, the platform's fee on it, its IVA and fee + IVA
   * (the fee invoice's total, kept from the payment), and what was refunded to the client (docs/money.md)
   */
  price: z.number(),
  fee: z.number(),
  feeVat: z.number(),
  feeTotal: z.number(),
  refunded: z.number(),
  createdAt: z.string(),
});
export type Transfer = z.infer<typeof transferSchema>;

/** POST /api/cases/{caseId}/dispute: the client's reason, 10–1000 characters. */
export const openDisputeSchema = z.object({
  reason: z
    .string({ error: es.money.disputeReasonShort })
    .trim()
    .min(DISPUTE_REASON_MIN, { error: es.money.disputeReasonShort })
    .max(DISPUTE_REASON_MAX, { error: es.money.disputeReasonLong }),
});
export type OpenDisputeInput = z.infer<typeof openDisputeSchema>;

/** A dispute as the admins' queue and the open call answer it. */
export const disputeSchema = z.object({
  id: z.string(),
  caseId: z.string(),
  caseCode: z.string(),
  clientId: z.string(),
  lawyerId: z.string(),
  /** what the client paid for the case, euros */
  amount: z.number(),
  reason: z.string(),
  status: z.enum(DISPUTE_STATUSES),
  openedAt: z.string(),
  /** (+) client: opened with the form; provider: a card dispute (chargeback) */
  source: z.enum(['client', 'provider']),
  /** (+) when resolved: the decision, the refunded euros (0 for a release) and the admin's note */
  outcome: z.enum(['release', 'refund']).nullable(),
  refunded: z.number().nullable(),
  note: z.string().nullable(),
  resolvedAt: z.string().nullable(),
});
export type Dispute = z.infer<typeof disputeSchema>;
