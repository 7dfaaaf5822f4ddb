import { z } from 'zod';
import { es } from '../texts/es/payment.ts';

/**
 * Billing and the payments test page (docs/api/http.md, Billing and Payments). Browser-safe: the
 * server validates and answers with these, the web fetchers check answers against them.
 */

/**
 * A billing row (docs/api/http.md, Billing: fecha, caseCode, coinType, precioBruto) plus (+) the payment's `id` and the
 * address of its receipt. `precioBruto` is what the client paid on the client's rows and what the lawyer
 * earns (amount less the platform's fee) on the lawyer's rows.
 */
export const billingRowSchema = z.object({
  id: z.string(),
  fecha: z.string(),
  caseCode: z.string(),
  coinType: z.literal('EUR'),
  precioBruto: z.number(),
  receiptUrl: z.string(),
});
export type BillingRow = z.infer<typeof billingRowSchema>;

/** The receipt of a payment (+): GET /api/transaccion/receipt/{paymentId}. */
export const receiptPath = (paymentId: string) => `/api/transaccion/receipt/${encodeURIComponent(paymentId)}`;

/** docs/product.md, Payment pages: the payment test page sends a fixed 200 (euros). */
export const PAYMENT_TEST_AMOUNT = 200;
const PAYMENT_TEST_MAX_EUROS = 10_000;

/** POST /api/payments/payment-stripe (docs/api/http.md, Payments): id, amount in euros, description. */
export const paymentStripeSchema = z.object({
  id: z
    .union([z.string(), z.number()], { error: es.payment.invalidPayload })
    .transform(String)
    .pipe(
      z
        .string()
        .trim()
        .min(1, { error: es.payment.invalidPayload })
        .max(100, { error: es.payment.invalidPayload }),
    ),
  amount: z
    .number({ error: es.payment.invalidAmount })
    .positive({ error: es.payment.invalidAmount })
    .max(PAYMENT_TEST_MAX_EUROS, { error: es.payment.invalidAmount })
    .refine((euros) => Math.abs(euros * 100 - Math.round(euros * 100)) < 1e-6, {
      error: es.payment.invalidAmount,
    }),
  description: z
    .string({ error: es.payment.invalidPayload })
    .trim()
    .max(500, { error: es.payment.invalidPayload })
    .default(''),
});
export type PaymentStripeInput = z.input<typeof paymentStripeSchema>;

/**
 * GET /api/payments/config (+): the provider the server pays with and, where the test page works, the
 * publishable key it loads Stripe.js with.
 */
export const paymentConfigSchema = z.object({
  provider: z.enum(['sandbox', 'stripe']),
  publishableKey: z.string().nullable(),
});
export type PaymentConfig = z.infer<typeof paymentConfigSchema>;

export const paymentStripeAnswerSchema = z.object({ clientSecret: z.string(), dpmCheckerLink: z.string() });
export type PaymentStripeAnswer = z.infer<typeof paymentStripeAnswerSchema>;

/** GET /api/payments/intent/{id} (+): the real status of a test-page payment, from Stripe. */
export const paymentIntentStatusSchema = z.object({
  id: z.string(),
  status: z.string(),
  amount: z.number(),
  currency: z.string(),
});
export type PaymentIntentStatus = z.infer<typeof paymentIntentStatusSchema>;
