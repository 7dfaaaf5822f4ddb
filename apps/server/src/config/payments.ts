import { z } from 'zod';
import { bool, ConfigError, type SectionInput, url } from './fields.ts';

/** How clients pay: Stripe, or the sandbox checkout (no card charged), and the platform's fee. */

export const paymentsShape = {
  STRIPE_SECRET_KEY: z
    .string()
    .trim()
    .startsWith('sk_', { error: 'STRIPE_SECRET_KEY debe empezar por sk_' })
    .optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .trim()
    .startsWith('whsec_', { error: 'STRIPE_WEBHOOK_SECRET debe empezar por whsec_' })
    .optional(),
  STRIPE_PUBLISHABLE_KEY: z
    .string()
    .trim()
    .startsWith('pk_', { error: 'STRIPE_PUBLISHABLE_KEY debe empezar por pk_' })
    .optional(),
  STRIPE_API_BASE: url('STRIPE_API_BASE', ['http:', 'https:']).optional(),
  PLATFORM_FEE_PERCENT: z.coerce
    .number({ error: 'PLATFORM_FEE_PERCENT debe ser un número entre 0 y 100' })
    .min(0, { error: 'PLATFORM_FEE_PERCENT debe ser un número entre 0 y 100' })
    .max(100, { error: 'PLATFORM_FEE_PERCENT debe ser un número entre 0 y 100' })
    .default(10),
  ALLOW_SANDBOX_PAYMENTS: bool('ALLOW_SANDBOX_PAYMENTS').optional(),
};

export type PaymentsConfig = {
  stripe:
    | {
        secretKey: string;
        webhookSecret: string | undefined;
        apiBase: string | undefined;
        /** the browser's key for the test page's embedded card form (Stripe.js); optional */
        publishableKey?: string | undefined;
      }
    | undefined;
  platformFeePercent: number;
  /** the sandbox checkout in production: only when a staging site asks for it (ALLOW_SANDBOX_PAYMENTS) */
  allowSandboxPayments: boolean;
};

type PaymentsEnv = z.infer<z.ZodObject<typeof paymentsShape>>;

export function paymentsSettings({
  e,
  production,
  overrides,
}: SectionInput<PaymentsEnv, Partial<PaymentsConfig>>): PaymentsConfig {
  if (production && !e.STRIPE_SECRET_KEY && !overrides.stripe && e.ALLOW_SANDBOX_PAYMENTS !== true) {
    throw new ConfigError(
      'Configuración no válida: con NODE_ENV=production hace falta STRIPE_SECRET_KEY; la pasarela de pruebas (sin cobro real) solo se admite con ALLOW_SANDBOX_PAYMENTS=true en un sitio de pruebas.',
    );
  }
  return {
    stripe: e.STRIPE_SECRET_KEY
      ? {
          secretKey: e.STRIPE_SECRET_KEY,
          webhookSecret: e.STRIPE_WEBHOOK_SECRET,
          apiBase: e.STRIPE_API_BASE,
          publishableKey: e.STRIPE_PUBLISHABLE_KEY,
        }
      : undefined,
    platformFeePercent: e.PLATFORM_FEE_PERCENT,
    allowSandboxPayments: e.ALLOW_SANDBOX_PAYMENTS ?? !production,
  };
}
