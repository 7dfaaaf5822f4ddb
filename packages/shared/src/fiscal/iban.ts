import { es } from '../texts/es/app.ts';

/**
 * IBANs (ISO 13616): the country's code, two check digits, then the country's own account number (the
 * BBAN), whose length each country fixes. The check digits make the whole, read as a number with the
 * first four characters moved to the end and letters as 10–35, equal 1 modulo 97. A Spanish account
 * number (the old CCC: bank, branch, two control digits, account) has its own control digits as well.
 */
export type IbanCheck = { ok: true; value: string } | { ok: false; message: string };

/** The length of an IBAN by country, from the SWIFT IBAN registry. */
export const IBAN_LENGTHS: Readonly<Record<string, number>> = Object.fromEntries(
  [
    'AD24 AE23 AL28 AT20 AZ28 BA20 BE16 BG22 BH22 BI27 BR29 BY28 CH21 CR22 CY28 CZ24 DE22 DJ27 DK18',
    'DO28 EE20 EG29 ES24 FI18 FK18 FO18 FR27 GB22 GE22 GI23 GL18 GR27 GT28 HN28 HR21 HU28 IE22 IL23',
    'IQ23 IS26 IT27 JO30 KW30 KZ20 LB28 LC32 LI21 LT20 LU20 LV21 LY25 MC27 MD24 ME22 MK19 MN20 MR27',
    'MT31 MU30 NI28 NL18 NO15 OM23 PK24 PL28 PS29 PT25 QA29 RO24 RS22 RU33 SA24 SC31 SD18 SE24 SI19',
    'SK24 SM27 SO23 ST25 SV28 TL23 TN24 TR26 UA29 VA22 VG24 XK20 YE30',
  ]
    .join(' ')
    .split(' ')
    .map((entry) => [entry.slice(0, 2), Number(entry.slice(2))]),
);

/**
 * Where L4L's transfers can go: they are euro credit transfers of the SEPA scheme, so the account must be
 * in one of its countries (the European Union, the EEA, and the others the scheme admits).
 */
export const SEPA_COUNTRIES: ReadonlySet<string> = new Set(
  'AT BE BG CY CZ DE DK EE ES FI FR GR HR HU IE IT LT LU LV MT NL PL PT RO SE SI SK IS LI NO CH GB GI MC SM VA AD'.split(
    ' ',
  ),
);

/** Upper case without spaces or hyphens, the way people copy them ('es91 2100-0418…'). */
export function normalizeIban(raw: string): string {
  return raw.toUpperCase().replace(/[\s-]/g, '');
}

/** The IBAN modulo 97, computed digit by digit (the number has up to 70 digits). */
export function ibanMod97(iban: string): number {
  const rearranged = `${iban.slice(4)}${iban.slice(0, 4)}`;
  let rest = 0;
  for (const char of rearranged) {
    const value = Number.parseInt(char, 36);
    rest = value < 10 ? (rest * 10 + value) % 97 : (rest * 100 + value) % 97;
  }
  return rest;
}

/** Weights of the Spanish account number's control digits, for 10 digits. */
const CCC_WEIGHTS = [1, 2, 4, 8, 5, 10, 9, 7, 3, 6];

/** One control digit of a Spanish account number over 10 digits: 11 − (weighted sum mod 11), 10 → 1, 11 → 0. */
export function cccControlDigit(digits: string): number {
  let sum = 0;
  for (let i = 0; i < 10; i++) sum += Number(digits[i]) * (CCC_WEIGHTS[i] ?? 0);
  const digit = 11 - (sum % 11);
  return digit === 11 ? 0 : digit === 10 ? 1 : digit;
}

export function checkIban(raw: string): IbanCheck {
  const t = es.money.iban;
  const value = normalizeIban(raw);
  if (value === '') return { ok: false, message: t.required };
  if (!/^[A-Z0-9]+$/.test(value)) return { ok: false, message: t.characters };
  const country = value.slice(0, 2);
  const length = IBAN_LENGTHS[country];
  if (!/^[A-Z]{2}$/.test(country) || length === undefined) return { ok: false, message: t.country(country) };
  if (value.length !== length) return { ok: false, message: t.length(country, length, value.length) };
  if (country === 'ES' && !/^ES\d{22}$/.test(value)) return { ok: false, message: t.spanishDigits };
  if (!/^\d{2}$/.test(value.slice(2, 4)) || ibanMod97(value) !== 1) {
    return { ok: false, message: t.checkDigits };
  }
  if (!SEPA_COUNTRIES.has(country)) return { ok: false, message: t.notSepa(country) };
  if (country === 'ES') {
    // ES kk BBBB OOOO DD NNNNNNNNNN: D₁ over 00+bank+branch, D₂ over the account
    const control = `${cccControlDigit(`00${value.slice(4, 12)}`)}${cccControlDigit(value.slice(14, 24))}`;
    if (control !== value.slice(12, 14)) return { ok: false, message: t.spanishControl };
  }
  return { ok: true, value };
}

/** 'ES9121000418450200051332' → 'ES91 2100 0418 4502 0005 1332' */
export const formatIban = (iban: string) => normalizeIban(iban).replace(/(.{4})(?=.)/g, '$1 ');
