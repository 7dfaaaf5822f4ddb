import { LIMITS } from '@l4l/shared/constants/limits';

/**
 * docs/domain.md, Validation rules: a price is typed as digits with one comma or dot and shown with a comma ('45,50'). Anything
 * else is dropped as it is typed, with at most two decimals and the price field's input length.
 */
export function sanitizePriceInput(raw: string): string {
  const text = raw.replace(/\./g, ',').replace(/[^\d,]/g, '');
  const [whole = '', ...rest] = text.split(',');
  const price = rest.length > 0 ? `${whole},${rest.join('').slice(0, 2)}` : whole;
  return price.slice(0, LIMITS.priceInputMax);
}
