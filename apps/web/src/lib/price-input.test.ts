import { describe, expect, it } from 'vitest';
import { sanitizePriceInput } from './price-input.ts';

describe('sanitizePriceInput', () => {
  it.each([
    ['60', '60'],
    ['60.5', '60,5'],
    ['60,55', '60,55'],
    ['60,555', '60,55'],
    ['6.0.5', '6,05'],
    ['12a€', '12'],
    [',5', ',5'],
    ['123456789012', '12345678901'],
  ])('%j becomes %j', (typed, shown) => {
    expect(sanitizePriceInput(typed)).toBe(shown);
  });
});
