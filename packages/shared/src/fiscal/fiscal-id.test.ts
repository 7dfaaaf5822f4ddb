import { describe, expect, it } from 'vitest';
import { invoicesEs } from '../texts/invoices.ts';
import { checkFiscalId, cifControlDigit, normalizeFiscalId } from './fiscal-id.ts';

const t = invoicesEs.fiscalId;

describe('Spanish tax identifiers by their control characters', () => {
  it('accepts DNIs whose letter is the number modulo 23 in the table', () => {
    for (const dni of ['12345678Z', '00000000T', '99999999R', '12.345.678-z', ' 12345678 z ']) {
      expect(checkFiscalId(dni)).toEqual({ ok: true, kind: 'DNI', value: normalizeFiscalId(dni) });
    }
  });

  it('refuses a DNI with a wrong letter, naming the letter', () => {
    expect(checkFiscalId('12345678A')).toEqual({ ok: false, message: t.dniLetter });
    expect(checkFiscalId('00000000R')).toEqual({ ok: false, message: t.dniLetter });
  });

  it('accepts NIEs with X, Y, Z read as 0, 1, 2 and refuses a wrong letter', () => {
    expect(checkFiscalId('X1234567L')).toMatchObject({ ok: true, kind: 'NIE' });
    expect(checkFiscalId('Y1234567X')).toMatchObject({ ok: true, kind: 'NIE' });
    expect(checkFiscalId('Z1234567R')).toMatchObject({ ok: true, kind: 'NIE' });
    expect(checkFiscalId('x-1234567-l')).toEqual({ ok: true, kind: 'NIE', value: 'X1234567L' });
    expect(checkFiscalId('X1234567A')).toEqual({ ok: false, message: t.nieLetter });
    // the same digits under another prefix give another letter
    expect(checkFiscalId('Y1234567L')).toEqual({ ok: false, message: t.nieLetter });
  });

  it('accepts K, L and M identifiers by the DNI table on their 7 digits', () => {
    expect(checkFiscalId('K1234567L')).toMatchObject({ ok: true, kind: 'NIF_KLM' });
    expect(checkFiscalId('M1234567A')).toEqual({ ok: false, message: t.klmLetter });
  });

  it('computes the CIF control digit: odd positions doubled, digits summed, 10 − units', () => {
    // 1,3,5,7 doubled → 2+6+(1+0)+(1+4) = 14; 2+4+6 = 12; 26 → 4
    expect(cifControlDigit('1234567')).toBe(4);
    expect(cifControlDigit('2801586')).toBe(5);
    expect(cifControlDigit('0000000')).toBe(0);
  });

  it('accepts CIFs of real organisations and both forms where the type allows either', () => {
    expect(checkFiscalId('A28015865')).toMatchObject({ ok: true, kind: 'CIF' }); // a company: digit
    expect(checkFiscalId('B12345674')).toMatchObject({ ok: true, kind: 'CIF' });
    expect(checkFiscalId('Q2826000H')).toMatchObject({ ok: true, kind: 'CIF' }); // a public body: letter
    expect(checkFiscalId('N0032484H')).toMatchObject({ ok: true, kind: 'CIF' });
    expect(checkFiscalId('G12345674')).toMatchObject({ ok: true, kind: 'CIF' }); // an association: either
    expect(checkFiscalId('G1234567D')).toMatchObject({ ok: true, kind: 'CIF' });
  });

  it('refuses a CIF with a wrong control, or the wrong kind of control for its organisation type', () => {
    expect(checkFiscalId('B12345675')).toEqual({ ok: false, message: t.cifControl });
    expect(checkFiscalId('G1234567E')).toEqual({ ok: false, message: t.cifControl });
    expect(checkFiscalId('B1234567D')).toEqual({ ok: false, message: t.cifNeedsDigit('B') });
    expect(checkFiscalId('Q28260008')).toEqual({ ok: false, message: t.cifNeedsLetter('Q') });
  });

  it('refuses what has no identifier shape at all, and an empty value', () => {
    for (const bad of ['123', '1234567Z', 'X12345678L', 'I1234567A', 'B123456', 'ABCDEFGHI', '12345678Ñ']) {
      expect(checkFiscalId(bad)).toEqual({ ok: false, message: t.format });
    }
    expect(checkFiscalId('  ')).toEqual({ ok: false, message: t.required });
  });
});
