/**
 * The platform's fee and its IVA, in integer cents (docs/money.md, The fee and its IVA). One owner of the
 * rule: the fee invoice's amounts, the money the release keeps from the lawyer's share, the proposal card
 * and 'Cobros' all read it from here, so the fee a lawyer is shown is the fee invoiced and kept.
 */

/** The IVA on the platform's fee (general rate, percent). */
export const FEE_VAT_PERCENT = 21;

/** `numerator / denominator` rounded half up, in integers (no binary fractions involved). */
export function divideHalfUp(numerator: number, denominator: number): number {
  const sign = Math.sign(numerator) * Math.sign(denominator);
  const n = Math.abs(numerator);
  const d = Math.abs(denominator);
  return sign * Math.floor((2 * n + d) / (2 * d));
}

/** The IVA of a fee: 21 % of it, rounded half up (the fee invoice's `CuotaRepercutida`). */
export const feeVatCents = (feeCents: number) => divideHalfUp(feeCents * FEE_VAT_PERCENT, 100);

export type FeeBreakdown = {
  /** what the client paid (or, on a proposal, its price) */
  priceCents: number;
  /** the platform's fee: the fee invoice's base */
  feeCents: number;
  /** its IVA */
  vatCents: number;
  /** fee + IVA: the fee invoice's total, kept from the payment */
  totalCents: number;
  /** price − (fee + IVA): what the lawyer receives */
  lawyerCents: number;
};

/** How a price splits between the platform's fee (with its IVA) and the lawyer. */
export function feeBreakdown(priceCents: number, feeCents: number): FeeBreakdown {
  const vatCents = feeVatCents(feeCents);
  const totalCents = feeCents + vatCents;
  return { priceCents, feeCents, vatCents, totalCents, lawyerCents: priceCents - totalCents };
}
