import { formatEuros } from '@l4l/shared/schemas/common';
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
