import { z } from 'zod';
import { LIMITS } from '../constants/limits.ts';
import { es } from '../texts/es.ts';

/** spec §5: standard email pattern. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

export const emailSchema = z
  .string({ error: es.validation.email })
  .trim()
  .max(LIMITS.mailMax, { error: es.validation.email })
  .regex(EMAIL_PATTERN, { error: es.validation.email })
  .transform((mail) => mail.toLowerCase());

/** API.md: 8–128 characters with an uppercase letter, a lowercase letter and a digit. */
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

/** spec §5: phone formatted 3-3-3, exactly 9 digits, stored without spaces. */
export const phoneSchema = z
  .string({ error: es.validation.phone })
  .transform((phone) => phone.replace(/[\s-]/g, ''))
  .refine((digits) => /^\d{9}$/.test(digits), { error: es.validation.phone });

export function formatPhone(digits: string): string {
  const clean = digits.replace(/\D/g, '').slice(0, LIMITS.phoneDigits);
  return clean.replace(/(\d{3})(?=\d)/g, '$1 ').trim();
}

export const requiredText = (max: number) =>
  z
    .string({ error: es.validation.required })
    .trim()
    .min(1, { error: es.validation.required })
    .max(max, { error: es.validation.required });

export const uuidSchema = z.uuid();

/** Paging query (every list endpoint pages). */
export const pageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(LIMITS.maxPageSize).default(LIMITS.defaultPageSize),
});

/** Highest price a form may send, in euros: keeps cents inside a PostgreSQL integer. */
export const PRICE_MAX_EUROS = 1_000_000;
/** spec §5: digits with one optional comma or dot separator ('45', '45,5', '45.50'). */
const PRICE_TEXT = /^\d{1,8}(?:[.,]\d{1,2})?$/;

function hasAtMostTwoDecimals(euros: number): boolean {
  return Math.abs(euros * 100 - Math.round(euros * 100)) < 1e-6;
}

/**
 * spec §5: a price is a number (at most 2 decimals, not negative) or the text of one, with a comma or a
 * dot as separator; the text is converted. Every failure says the spec's 'El precio es obligatorio.'.
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

/** Money: euros with at most 2 decimals on the wire, cents in the database. */
export function eurosToCents(euros: number): number {
  return Math.round(euros * 100);
}
export function centsToEuros(cents: number): number {
  return cents / 100;
}

/**
 * A number written the Spanish way: a point between thousands, always (1.234), a comma before the
 * decimals, rounded to at most `maxDecimals` and padded to at least `minDecimals`. What
 * `Intl.NumberFormat('es-ES', { useGrouping: 'always' })` writes, without it: the first Spanish
 * Intl.NumberFormat of a page loads the locale's data, about 11 ms of a phone's main thread at full
 * speed, in the middle of the client home's first render (issue #9).
 */
export function spanishNumber(value: number, minDecimals: number, maxDecimals: number): string {
  if (!Number.isFinite(value)) return String(value);
  const [whole, decimals] = roundHalfUp(Math.abs(value), maxDecimals);
  const shown = decimals.replace(/0+$/, '').padEnd(minDecimals, '0');
  const text = `${whole.replace(/\B(?=(\d{3})+$)/g, '.')}${shown ? `,${shown}` : ''}`;
  return value < 0 && /[1-9]/.test(text) ? `-${text}` : text;
}

/**
 * The whole and decimal digits of `value` (not negative) rounded to `decimals` places, half away from
 * zero, on the number as it is written (1.005 → 1.01) rather than on its binary value, as Intl does.
 */
function roundHalfUp(value: number, decimals: number): [string, string] {
  const written = String(value);
  if (written.includes('e')) {
    const [whole = '0', fraction = ''] = value.toFixed(decimals).split('.');
    return [whole, fraction];
  }
  const [whole = '0', fraction = ''] = written.split('.');
  if (fraction.length <= decimals) return [whole, fraction];
  const digits = `${whole}${fraction.slice(0, decimals)}`.split('').map(Number);
  if (Number(fraction[decimals]) >= 5) {
    let at = digits.length - 1;
    while (at >= 0 && digits[at] === 9) digits[at--] = 0;
    if (at >= 0) digits[at] = (digits[at] ?? 0) + 1;
    else digits.unshift(1);
  }
  const all = digits.join('');
  return [all.slice(0, all.length - decimals) || '0', all.slice(all.length - decimals)];
}

/** '1.234,50 €'; a whole amount without decimals: '50 €' */
export function formatEuros(euros: number): string {
  return `${Number.isInteger(euros) ? spanishNumber(euros, 0, 0) : spanishNumber(euros, 2, 2)} €`;
}
