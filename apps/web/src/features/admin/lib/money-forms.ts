import { formatEuros } from '@l4l/shared/format';
import { es } from '@l4l/shared/texts/es/admin';
import { moneyWebEs } from '@l4l/shared/texts/money-web';

const t = moneyWebEs.admin;

/** '12,5' or '12.50' → 12.5; anything that is no amount with at most two decimals → null. */
export function parseEuros(typed: string): number | null {
  const text = typed.trim().replace(',', '.');
  if (!/^\d+(\.\d{1,2})?$/.test(text)) return null;
  return Number(text);
}

export type RefundValues = { amount: string; reason: string };
export type RefundErrors = { amount?: string; reason?: string };

/** Every refund names its amount, between a cent and what is left to refund, and a reason. */
export function checkRefund(values: RefundValues, refundable: number): RefundErrors {
  const errors: RefundErrors = {};
  const amount = parseEuros(values.amount);
  if (amount === null || amount < 0.01 || amount > refundable)
    errors.amount = t.refund.amountInvalid(formatEuros(refundable));
  if (values.reason.trim() === '') errors.reason = es.admin.money.reasonRequired;
  return errors;
}

export type ResolveValues = { outcome: 'release' | 'refund'; amount: string; note: string };
export type ResolveErrors = { amount?: string; note?: string };

/** A refund's amount is optional (empty: all of it) but, when typed, between a cent and the payment; a note always. */
export function checkResolve(values: ResolveValues, paid: number): ResolveErrors {
  const errors: ResolveErrors = {};
  if (values.outcome === 'refund' && values.amount.trim() !== '') {
    const amount = parseEuros(values.amount);
    if (amount === null || amount < 0.01 || amount > paid)
      errors.amount = t.refund.amountInvalid(formatEuros(paid));
  }
  if (values.note.trim() === '') errors.note = es.admin.money.noteRequired;
  return errors;
}
