import { checkFiscalId } from '@l4l/shared/fiscal/fiscal-id';
import { SIMPLIFIED_INVOICE_MAX_CENTS } from '@l4l/shared/schemas/invoices';
import { invoicesEs } from '@l4l/shared/texts/invoices';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { serviceAmounts } from './invoice-amounts.ts';
import { createInvoicesRepository, type FiscalProfileRow } from './invoices.repository.ts';

/** The IRPF a business client withholds from the lawyer's fee: the rate (%) and the amount. */
export type Withholding = { irpfRate: number; withheldCents: number };

/**
 * The IRPF rate a client withholds from the lawyer's fee (docs/invoices.md, IRPF): only a business client
 * (`isBusiness`: a company or a self-employed professional; a private person withholds nothing), only
 * from a lawyer who is a person (a DNI, NIE or K/L/M NIF: a firm with a CIF pays corporate tax, not
 * IRPF), only when L4L issues the lawyer's invoice (fiscal data and consent), at the lawyer's rate: 15 %,
 * or 7 % in the year the lawyer started practising and the two after (the lawyer says so).
 */
export function withholdingRate(
  client: Pick<FiscalProfileRow, 'isBusiness'> | undefined | null,
  lawyer: Pick<FiscalProfileRow, 'nif' | 'irpfRate' | 'invoicingConsent'> | undefined | null,
): number {
  if (!client?.isBusiness || !lawyer?.invoicingConsent) return 0;
  const id = checkFiscalId(lawyer.nif);
  if (!id.ok || id.kind === 'CIF') return 0;
  return lawyer.irpfRate === 7 ? 7 : 15;
}

/**
 * Before a checkout opens, with the proposal's price (docs/invoices.md). Above 400 € a simplified
 * invoice is not allowed (RD 1619/2012 art. 4): the client gives their fiscal data first (409
 * otherwise, with what to do). And the IRPF the client withholds: a business (a company or a
 * self-employed professional) paying a professional's fee withholds it (Ley 35/2006 art. 99–101, RD
 * 439/2007 art. 95 and 101) at the lawyer's rate, on the base; the checkout charges the rest. The payments
 * feature asks it before it opens a checkout.
 */
export async function checkoutTerms(
  db: Db,
  userId: string,
  lawyerId: string,
  priceCents: number,
): Promise<Withholding | undefined> {
  const read = createInvoicesRepository(db);
  const client = await read.profile(userId);
  if (!client && priceCents > SIMPLIFIED_INVOICE_MAX_CENTS) {
    throw new AppError('CONFLICT', { message: invoicesEs.fiscalProfile.neededToPay });
  }
  // only a business withholds: the lawyer's profile is read for it alone
  if (!client?.isBusiness) return undefined;
  const rate = withholdingRate(client, await read.profile(lawyerId));
  if (rate === 0) return undefined;
  return { irpfRate: rate, withheldCents: serviceAmounts(priceCents, rate).irpfCents };
}
