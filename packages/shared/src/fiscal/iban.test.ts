import { describe, expect, it } from 'vitest';
import { sandboxOnboardingSchema } from '../schemas/money.ts';
import { es } from '../texts/es/app.ts';
import { cccControlDigit, checkIban, formatIban, IBAN_LENGTHS, ibanMod97 } from './iban.ts';

const t = es.money.iban;

/** An IBAN with correct ISO 13616 check digits for any country and account number. */
const withCheckDigits = (country: string, bban: string) =>
  `${country}${String(98 - ibanMod97(`${country}00${bban}`)).padStart(2, '0')}${bban}`;

describe('IBANs by ISO 13616 and the Spanish account number rules', () => {
  it('accepts valid IBANs of Spain and other countries, however they are written', () => {
    for (const iban of [
      'ES91 2100 0418 4502 0005 1332',
      'ES7921000813610123456789',
      'es76-2077-0024-0031-0257-5766',
      'DE89370400440532013000',
      'GB82WEST12345698765432',
      'FR1420041010050500013M02606',
      'NO9386011117947',
    ]) {
      expect(checkIban(iban)).toEqual({ ok: true, value: iban.toUpperCase().replace(/[\s-]/g, '') });
    }
  });

  it('computes the Spanish control digits over 00+bank+branch and over the account', () => {
    // ES91 2100 0418 45 0200051332
    expect(cccControlDigit('0021000418')).toBe(4);
    expect(cccControlDigit('0200051332')).toBe(5);
  });

  it('refuses a typo by the mod-97 check digits', () => {
    expect(checkIban('ES9121000418450200051333')).toEqual({ ok: false, message: t.checkDigits });
    expect(checkIban('ES9221000418450200051332')).toEqual({ ok: false, message: t.checkDigits });
    expect(checkIban('DE89370400440532013001')).toEqual({ ok: false, message: t.checkDigits });
  });

  it('refuses a Spanish IBAN whose account control digits are wrong even when mod-97 holds', () => {
    const forged = withCheckDigits('ES', '21000418990200051332');
    expect(ibanMod97(forged)).toBe(1);
    expect(checkIban(forged)).toEqual({ ok: false, message: t.spanishControl });
  });

  it('refuses the wrong length for the country, naming both lengths', () => {
    expect(checkIban('ES91210004184502000513')).toEqual({ ok: false, message: t.length('ES', 24, 22) });
    expect(checkIban('ES91 2100 0418 4502 0005 1332 1')).toEqual({
      ok: false,
      message: t.length('ES', 24, 25),
    });
    expect(checkIban('DE8937040044053201300')).toEqual({ ok: false, message: t.length('DE', 22, 21) });
    expect(t.length('ES', 24, 22)).toContain('24');
    expect(IBAN_LENGTHS.ES).toBe(24);
  });

  it('refuses an unknown country, letters in a Spanish account, signs and an empty value', () => {
    expect(checkIban('XX1221000418450200051332')).toEqual({ ok: false, message: t.country('XX') });
    expect(checkIban('US12345678901234')).toEqual({ ok: false, message: t.country('US') });
    // a real IBAN country outside SEPA: euro transfers do not reach it
    expect(checkIban('TR330006100519786457841326')).toEqual({ ok: false, message: t.notSepa('TR') });
    expect(checkIban('ES91 2100 0418 4502 0005 13A2')).toEqual({ ok: false, message: t.spanishDigits });
    expect(checkIban('ES91.2100.0418.4502.0005.1332')).toEqual({ ok: false, message: t.characters });
    expect(checkIban('   ')).toEqual({ ok: false, message: t.required });
  });

  it('prints an IBAN in groups of four', () => {
    expect(formatIban('es9121000418450200051332')).toBe('ES91 2100 0418 4502 0005 1332');
  });

  it('the sandbox onboarding schema normalises a good IBAN and names what is wrong with a bad one', () => {
    expect(
      sandboxOnboardingSchema.parse({ holder: ' Lucía García ', iban: 'es91 2100 0418 4502 0005 1332' }),
    ).toEqual({ holder: 'Lucía García', iban: 'ES9121000418450200051332' });
    const bad = sandboxOnboardingSchema.safeParse({ holder: '', iban: 'ES12' });
    expect(bad.success).toBe(false);
    const messages = Object.fromEntries(bad.error?.issues.map((i) => [i.path[0], i.message]) ?? []);
    expect(messages).toEqual({ holder: es.money.holderRequired, iban: t.length('ES', 24, 4) });
  });
});
