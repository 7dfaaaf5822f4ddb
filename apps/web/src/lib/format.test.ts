import { formatEuros, spanishNumber } from '@l4l/shared/format';
import { describe, expect, it } from 'vitest';
import { formatAmount, formatDay, formatScore } from './format.ts';

// the formatters are made once and kept: every call after the first must still follow its own options
describe('Spanish number formats', () => {
  it('writes euros with a thousands point, and two decimals only when there are cents', () => {
    expect(formatEuros(50)).toBe('50 €');
    expect(formatEuros(1234.5)).toBe('1.234,50 €');
    expect(formatEuros(1234)).toBe('1.234 €');
    expect(formatEuros(0.07)).toBe('0,07 €');
  });

  it('writes an amount without the symbol, with at most two decimals', () => {
    expect(formatAmount(45.5)).toBe('45,5');
    expect(formatAmount(1234)).toBe('1.234');
    expect(formatAmount(12.345)).toBe('12,35');
  });

  it('writes a rating average with one decimal', () => {
    expect(formatScore(4.25)).toBe('4,3');
    expect(formatScore(5)).toBe('5,0');
    expect(formatScore(0)).toBe('0,0');
  });

  it('writes a day as d/M/y', () => {
    expect(formatDay('2024-03-07')).toBe('7/3/2024');
  });
});

// spanishNumber stands in for Intl.NumberFormat('es-ES', { useGrouping: 'always' }): same text for any number
describe('spanishNumber against Intl', () => {
  const samples = [
    0, 1, 7, 12, 999, 1000, 1234, 12345.678, 1234567.891, 0.5, 0.07, 0.005, 1.005, 2.675, 45.5, 99.999, -3.2,
    -1234.5, 1e6, 4.25, 4.35, 0.999, 9.995, 999.995, 1e-7, 123456789.125, 0.95, 5, 4.95,
  ];
  const cases: [number, number][] = [
    [0, 0],
    [0, 2],
    [2, 2],
    [1, 1],
  ];
  it.each(cases)('with %i to %i decimals', (min, max) => {
    const intl = new Intl.NumberFormat('es-ES', {
      minimumFractionDigits: min,
      maximumFractionDigits: max,
      useGrouping: 'always',
    });
    for (const value of samples)
      expect(spanishNumber(value, min, max), String(value)).toBe(intl.format(value));
  });
});
