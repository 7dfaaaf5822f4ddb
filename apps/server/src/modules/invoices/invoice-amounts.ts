import { divideHalfUp, feeVatCents } from '@l4l/shared/fiscal/fee';

export { divideHalfUp };

/**
 * Invoice amounts in integer cents, rounded half up once per invoice (docs/invoices.md, Amounts). Legal
 * services carry IVA at 21 %.
 */
export const VAT_RATE = 21;

export type InvoiceAmounts = {
  baseCents: number;
  vatRate: number;
  vatCents: number;
  irpfRate: number;
  irpfCents: number;
  /** base + IVA − IRPF: what the recipient owes */
  totalCents: number;
};

/**
 * The lawyer's invoice for a price the client saw with IVA included: base = price / 1.21 rounded half up,
 * IVA the rest of the price (so base + IVA is exactly what was paid), and IRPF on the base when the client
 * is a business.
 */
export function serviceAmounts(priceCents: number, irpfRate: number): InvoiceAmounts {
  const baseCents = divideHalfUp(priceCents * 100, 100 + VAT_RATE);
  const vatCents = priceCents - baseCents;
  const irpfCents = divideHalfUp(baseCents * irpfRate, 100);
  return {
    baseCents,
    vatRate: VAT_RATE,
    vatCents,
    irpfRate,
    irpfCents,
    totalCents: baseCents + vatCents - irpfCents,
  };
}

/**
 * The platform's invoice for its fee: the fee is the base, IVA on top (the shared rule the release keeps
 * and the lawyer's screens show, fiscal/fee.ts).
 */
export function feeAmounts(feeCents: number): InvoiceAmounts {
  const vatCents = feeVatCents(feeCents);
  return {
    baseCents: feeCents,
    vatRate: VAT_RATE,
    vatCents,
    irpfRate: 0,
    irpfCents: 0,
    totalCents: feeCents + vatCents,
  };
}
