import { describe, expect, it } from 'vitest';
import { divideHalfUp, feeAmounts, serviceAmounts } from './invoice-amounts.ts';

describe('invoice amounts in cents, rounded half up once per invoice', () => {
  it('rounds half up, away from zero for negatives', () => {
    expect(divideHalfUp(5, 10)).toBe(1);
    expect(divideHalfUp(4, 10)).toBe(0);
    expect(divideHalfUp(15, 10)).toBe(2);
    expect(divideHalfUp(-15, 10)).toBe(-2);
  });

  it('0,01 €: base 0,01 €, IVA 0 €, total what was paid', () => {
    expect(serviceAmounts(1, 0)).toEqual({
      baseCents: 1,
      vatRate: 21,
      vatCents: 0,
      irpfRate: 0,
      irpfCents: 0,
      totalCents: 1,
    });
  });

  it('33,33 €: base 27,55 € (27,545… rounded up), IVA 5,78 €', () => {
    expect(serviceAmounts(3_333, 0)).toMatchObject({ baseCents: 2_755, vatCents: 578, totalCents: 3_333 });
  });

  it('999.999,99 €: base 826.446,27 €, IVA 173.553,72 €, no floating-point drift', () => {
    expect(serviceAmounts(99_999_999, 0)).toMatchObject({
      baseCents: 82_644_627,
      vatCents: 17_355_372,
      totalCents: 99_999_999,
    });
  });

  it('withholds IRPF on the base for a business client: base + IVA − IRPF', () => {
    // 121 €: base 100 €, IVA 21 €, IRPF 15 € → 106 €
    expect(serviceAmounts(12_100, 15)).toEqual({
      baseCents: 10_000,
      vatRate: 21,
      vatCents: 2_100,
      irpfRate: 15,
      irpfCents: 1_500,
      totalCents: 10_600,
    });
    // 33,33 € at 7 %: 7 % of 27,55 € is 1,9285 € → 1,93 €
    expect(serviceAmounts(3_333, 7)).toMatchObject({ irpfCents: 193, totalCents: 3_140 });
  });

  it("the platform's fee invoice: the fee plus 21 % IVA", () => {
    expect(feeAmounts(1)).toMatchObject({ baseCents: 1, vatCents: 0, totalCents: 1 });
    // 3,33 € → IVA 0,6993 € → 0,70 €
    expect(feeAmounts(333)).toMatchObject({ baseCents: 333, vatCents: 70, totalCents: 403 });
    expect(feeAmounts(10_000_000)).toMatchObject({ vatCents: 2_100_000, totalCents: 12_100_000 });
  });
});
