import { LIMITS } from './constants/limits.ts';

// How numbers, money and phones are written for people. No zod here: the web's first screens import this
// and must not carry zod's schemas before their first paint (ADR 0008).

/** docs/domain.md, Validation rules: a price as typed, digits with one optional comma or dot separator ('45', '45,5', '45.50'). */
export const PRICE_TEXT = /^\d{1,8}(?:[.,]\d{1,2})?$/;

/** '612487903' → '612 487 903': a phone as typed digits, grouped by three. */
export function formatPhone(digits: string): string {
  const clean = digits.replace(/\D/g, '').slice(0, LIMITS.phoneDigits);
  return clean.replace(/(\d{3})(?=\d)/g, '$1 ').trim();
}

/**
 * A number written the Spanish way: a point between thousands, always (1.234), a comma before the
 * decimals, rounded to at most `maxDecimals` and padded to at least `minDecimals`. What
 * `Intl.NumberFormat('es-ES', { useGrouping: 'always' })` writes, without it: the first Spanish
 * Intl.NumberFormat of a page loads the locale's data, about 11 ms of a phone's main thread at full
 * speed, in the middle of the client home's first render (ADR 0008).
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

/**
 * docs/domain.md, Lawyers' prices: a lawyer's first consultation as people read it: `words.free` only when the
 * lawyer chose it, the price when one was given, otherwise `words.notGiven` (never 'free' for a missing 0).
 */
export function firstConsultationOf(
  lawyer: { firstVisitFree: boolean; priceFirstVisit: number | null },
  words: { free: string; notGiven: string },
): string {
  if (lawyer.firstVisitFree) return words.free;
  return lawyer.priceFirstVisit === null ? words.notGiven : formatEuros(lawyer.priceFirstVisit);
}

/** The initials shown where a person has no photo (the app's avatars, the public lawyer page). */
/** 'María José' + 'López' → 'ML'; a full name alone gives its first two words' initials. */
export function initialsOf(name: string, surname = ''): string {
  const first = name.trim().charAt(0);
  const second = surname.trim().charAt(0) || name.trim().split(/\s+/)[1]?.charAt(0) || '';
  return `${first}${second}`.toUpperCase();
}
