import { z } from 'zod';
import { FISCAL_PROVINCES } from '../constants/invoices.ts';
import { checkFiscalId } from '../fiscal/fiscal-id.ts';
import { invoicesEs } from '../texts/invoices.ts';
import { checkedStringSchema, requiredText } from './common.ts';

/**
 * Fiscal profiles and invoices (docs/invoices.md). Browser-safe: the server validates with these and the
 * web checks its forms and answers against them.
 */

const t = invoicesEs.fiscalProfile;

/** A NIF, NIE or CIF, normalised, checked by its control character; the message names what is wrong. */
export const fiscalIdSchema = checkedStringSchema(checkFiscalId, invoicesEs.fiscalId.required);

const text = requiredText;

export const fiscalAddressSchema = z.object(
  {
    street: text(200, t.street),
    // the first two digits are the province's INE code, 01–52
    postalCode: z
      .string({ error: t.postalCode })
      .trim()
      .regex(/^(0[1-9]|[1-4]\d|5[0-2])\d{3}$/, { error: t.postalCode }),
    city: text(100, t.city),
    province: z.enum(FISCAL_PROVINCES as [string, ...string[]], { error: t.province }),
  },
  { error: t.street },
);

/** IRPF withheld on a professional's invoice to a business: 15 %, or 7 % in the first years of practice. */
export const IRPF_RATES = [15, 7] as const;

export const fiscalProfileInputSchema = z.object({
  nif: fiscalIdSchema,
  name: text(120, t.name),
  address: fiscalAddressSchema,
  isBusiness: z.boolean({ error: t.name }).default(false),
  irpfRate: z.union([z.literal(15), z.literal(7)], { error: t.irpfRate }).optional(),
  invoicingConsent: z.boolean().optional(),
});
export type FiscalProfileInput = z.input<typeof fiscalProfileInputSchema>;

export const fiscalProfileSchema = z.object({
  nif: z.string(),
  name: z.string(),
  address: z.object({ street: z.string(), postalCode: z.string(), city: z.string(), province: z.string() }),
  isBusiness: z.boolean(),
  irpfRate: z.union([z.literal(15), z.literal(7)]).optional(),
  invoicingConsent: z.boolean().optional(),
});
export type FiscalProfile = z.infer<typeof fiscalProfileSchema>;

/** F1 complete, F2 simplified, R1–R5 rectifying (Orden HAC/1177/2024, L2 list). */
export const INVOICE_TYPES = ['F1', 'F2', 'R1', 'R2', 'R3', 'R4', 'R5'] as const;
export type InvoiceType = (typeof INVOICE_TYPES)[number];

/** A simplified invoice (F2) only up to 400 € with IVA (RD 1619/2012 art. 4.1). */
export const SIMPLIFIED_INVOICE_MAX_CENTS = 40_000;

export const invoiceSchema = z.object({
  id: z.string(),
  series: z.string(),
  number: z.number(),
  type: z.enum(INVOICE_TYPES),
  issuedAt: z.string(),
  issuer: z.object({ nif: z.string(), name: z.string() }),
  recipient: z.object({ nif: z.string().optional(), name: z.string() }),
  lines: z.array(z.object({ description: z.string(), base: z.number() })),
  base: z.number(),
  vatRate: z.number(),
  vat: z.number(),
  irpfRate: z.number(),
  irpf: z.number(),
  total: z.number(),
  rectifies: z.string().optional(),
  /** what was paid for: a case, or (+) a first consultation (the other null) */
  caseId: z.string().nullable(),
  consultationId: z.string().nullable(),
  verifactu: z.object({ huella: z.string(), generatedAt: z.string(), qrUrl: z.string() }),
});
export type Invoice = z.infer<typeof invoiceSchema>;
