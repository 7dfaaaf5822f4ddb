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

/** Money: euros with at most 2 decimals on the wire, cents in the database. */
export function eurosToCents(euros: number): number {
  return Math.round(euros * 100);
}
export function centsToEuros(cents: number): number {
  return cents / 100;
}

/** '1.234,50 €' */
export function formatEuros(euros: number): string {
  return `${new Intl.NumberFormat('es-ES', {
    minimumFractionDigits: Number.isInteger(euros) ? 0 : 2,
    maximumFractionDigits: 2,
    useGrouping: 'always',
  }).format(euros)} €`;
}
