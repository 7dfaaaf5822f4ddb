import { invoicesEs } from '../texts/invoices.ts';

/**
 * Spanish tax identifiers and their control characters, as the Ministry of the Interior (DNI and NIE,
 * Real Decreto 1553/2005 and Orden INT/2058/2008) and Orden EHA/451/2008 (the organisations' NIF, still
 * called CIF) define them.
 */
export type FiscalIdKind = 'DNI' | 'NIE' | 'NIF_KLM' | 'CIF';

export type FiscalIdCheck = { ok: true; kind: FiscalIdKind; value: string } | { ok: false; message: string };

/** The control letter of a DNI or NIE: the number modulo 23 indexes this table. */
const DNI_LETTERS = 'TRWAGMYFPDXBNJZSQVHLCKE';
/** A CIF's control as a letter: J for 0, A for 1 … I for 9. */
const CIF_LETTERS = 'JABCDEFGHI';
/** Organisations whose CIF ends in a letter: non-resident entities, public bodies, religious orders… */
const CIF_LETTER_ONLY = 'PQRSNW';
/** Companies (sociedades anónimas and limitadas), communities of property and owners: a digit. */
const CIF_DIGIT_ONLY = 'ABEH';

/** The control letter of a DNI's 8 digits (or a NIE's, with X, Y, Z read as 0, 1, 2). */
export const dniLetter = (digits: string) => DNI_LETTERS[Number(digits) % 23] ?? '';

/** Upper-case without spaces, dots or hyphens, the way people write them ('12.345.678-z'). */
export function normalizeFiscalId(raw: string): string {
  return raw.toUpperCase().replace(/[\s.\-/]/g, '');
}

/** The control digit of a CIF's 7 digits: odd positions doubled and their digits added, then 10 − sum. */
export function cifControlDigit(digits: string): number {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    const n = Number(digits[i]);
    if (i % 2 === 0) {
      const doubled = n * 2;
      sum += Math.floor(doubled / 10) + (doubled % 10);
    } else {
      sum += n;
    }
  }
  return (10 - (sum % 10)) % 10;
}

export function checkFiscalId(raw: string): FiscalIdCheck {
  const value = normalizeFiscalId(raw);
  if (value === '') return { ok: false, message: invoicesEs.fiscalId.required };
  const t = invoicesEs.fiscalId;

  let match = /^(\d{8})([A-Z])$/.exec(value);
  if (match) {
    return match[2] === dniLetter(match[1] ?? '')
      ? { ok: true, kind: 'DNI', value }
      : { ok: false, message: t.dniLetter };
  }
  match = /^([XYZ])(\d{7})([A-Z])$/.exec(value);
  if (match) {
    const digits = `${'XYZ'.indexOf(match[1] ?? '')}${match[2]}`;
    return match[3] === dniLetter(digits)
      ? { ok: true, kind: 'NIE', value }
      : { ok: false, message: t.nieLetter };
  }
  // K (Spaniards under 14 without a DNI), L (Spaniards resident abroad), M (foreigners without a NIE)
  match = /^([KLM])(\d{7})([A-Z])$/.exec(value);
  if (match) {
    return match[3] === dniLetter(match[2] ?? '')
      ? { ok: true, kind: 'NIF_KLM', value }
      : { ok: false, message: t.klmLetter };
  }
  match = /^([ABCDEFGHJNPQRSUVW])(\d{7})([0-9A-J])$/.exec(value);
  if (match) {
    const [, type = '', digits = '', control = ''] = match;
    const digit = cifControlDigit(digits);
    const isLetter = /[A-J]/.test(control);
    if (CIF_LETTER_ONLY.includes(type) && !isLetter) return { ok: false, message: t.cifNeedsLetter(type) };
    if (CIF_DIGIT_ONLY.includes(type) && isLetter) return { ok: false, message: t.cifNeedsDigit(type) };
    const expected = isLetter ? CIF_LETTERS[digit] : String(digit);
    return control === expected ? { ok: true, kind: 'CIF', value } : { ok: false, message: t.cifControl };
  }
  return { ok: false, message: t.format };
}

export const isValidFiscalId = (raw: string) => checkFiscalId(raw).ok;
