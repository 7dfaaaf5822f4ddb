import { z } from 'zod';
import { LIMITS } from '../constants/limits.ts';
import { EMAIL_PATTERN } from '../constants/mail.ts';
import { PRICE_TEXT } from '../format.ts';
import { es } from '../texts/es/public.ts';

export const emailSchema = z
  .string({ error: es.validation.email })
  .trim()
  .max(LIMITS.mailMax, { error: es.validation.email })
  .regex(EMAIL_PATTERN, { error: es.validation.email })
  .transform((mail) => mail.toLowerCase());

/** docs/domain.md, Password policy: 8–128 characters with an uppercase letter, a lowercase letter and a digit. */
export function isStrongPassword(password: string): boolean {
  return (
    password.length >= LIMITS.passwordMin &&
    password.length <= LIMITS.passwordMax &&
    /[a-zñ]/.test(password) &&
    /[A-ZÑ]/.test(password) &&
    /\d/.test(password)
  );
}

export const passwordSchema = z
  .string({ error: es.validation.password })
  .refine(isStrongPassword, { error: es.validation.password });

/** docs/domain.md, Validation rules: phone formatted 3-3-3, exactly 9 digits, stored without spaces. */
export const phoneSchema = z
  .string({ error: es.validation.phone })
  .transform((phone) => phone.replace(/[\s-]/g, ''))
  .refine((digits) => /^\d{9}$/.test(digits), { error: es.validation.phone });

/** A trimmed text of 1 to `max` characters; one message for whatever is wrong with it. */
export const requiredText = (max: number, message: string = es.validation.required) =>
  z.string({ error: message }).trim().min(1, { error: message }).max(max, { error: message });

export const uuidSchema = z.uuid();

/**
 * A string checked by a function that normalises it or says what is wrong (a NIF, an IBAN): the schema
 * answers the normalised value, or fails with that message.
 */
export const checkedStringSchema = (
  check: (raw: string) => { ok: true; value: string } | { ok: false; message: string },
  required: string,
) =>
  z.string({ error: required }).transform((raw, ctx) => {
    const checked = check(raw);
    if (!checked.ok) {
      ctx.addIssue({ code: 'custom', message: checked.message });
      return z.NEVER;
    }
    return checked.value;
  });

/** Paging query (every list endpoint pages). */
export const pageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(LIMITS.maxPageSize).default(LIMITS.defaultPageSize),
});

/** Highest price a form may send, in euros: keeps cents inside a PostgreSQL integer. */
export const PRICE_MAX_EUROS = 1_000_000;

function hasAtMostTwoDecimals(euros: number): boolean {
  return Math.abs(euros * 100 - Math.round(euros * 100)) < 1e-6;
}

/**
 * docs/domain.md, Validation rules: a price is a number (at most 2 decimals, not negative) or the text of one, with a comma or a
 * dot as separator; the text is converted. Every failure says 'El precio es obligatorio.'.
 */
export const priceSchema = z
  .union(
    [
      z.number(),
      z
        .string()
        .trim()
        .regex(PRICE_TEXT)
        .transform((text) => Number(text.replace(',', '.'))),
    ],
    { error: es.validation.price },
  )
  .pipe(
    z
      .number({ error: es.validation.price })
      .min(0, { error: es.validation.price })
      .max(PRICE_MAX_EUROS, { error: es.validation.price })
      .refine(hasAtMostTwoDecimals, { error: es.validation.price }),
  );

/** A form's empty text means 'not given': for z.preprocess before an optional field. */
export const blankToUndefined = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

/**
 * The dialect of a CSV export (docs/api/http.md, CSV exports): `es` for a Spanish spreadsheet (the
 * default), `rfc4180` for programs.
 */
export const CSV_DIALECTS = ['es', 'rfc4180'] as const;
export type CsvDialect = (typeof CSV_DIALECTS)[number];
export const csvDialectSchema = z.preprocess(
  blankToUndefined,
  z.enum(CSV_DIALECTS, { error: es.validation.csvDialect }).default('es'),
);

/** Money: euros with at most 2 decimals on the wire, cents in the database. */
export function eurosToCents(euros: number): number {
  return Math.round(euros * 100);
}
export function centsToEuros(cents: number): number {
  return cents / 100;
}

/**
 * docs/domain.md, Lawyers' prices: how a lawyer's first consultation is kept. Free only when chosen (a price
 * of 0 € is that choice too); the price when one is given (a free one keeps it for later); otherwise not
 * given (null), never a silent 0.
 */
export function firstVisitOf(
  free: boolean | undefined,
  priceEuros: number | undefined,
): { free: boolean; priceCents: number | null } {
  const given = priceEuros !== undefined && priceEuros > 0;
  return { free: free === true || priceEuros === 0, priceCents: given ? eurosToCents(priceEuros) : null };
}

/** What a create action answers when the new thing's id is all the caller needs (the registrations). */
export const createdIdSchema = z.object({ id: z.string() });
export type CreatedId = z.infer<typeof createdIdSchema>;
