/** docs/domain.md, Money: prices include IVA; the platform's fee is a share of each payment. */

/** The IVA the prices include (general rate, percent). */
export const VAT_PERCENT = 21;

/** The platform's share of an amount, in whole cents (rounded half up). */
export function platformFeeCents(amountCents: number, feePercent: number): number {
  return Math.round((amountCents * feePercent) / 100);
}
