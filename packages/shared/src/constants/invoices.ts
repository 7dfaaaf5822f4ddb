import { ALL_SPAIN, PROVINCES } from './provinces.ts';

/**
 * What the invoices' screens need before any answer (docs/invoices.md): the provinces a fiscal address may
 * name and the endpoints. Apart from their schemas (schemas/invoices.ts), so a screen can draw its form and
 * ask for its data without loading zod.
 */
export const FISCAL_PROVINCES = PROVINCES.filter((province) => province !== ALL_SPAIN);

export const FISCAL_PROFILE_PATH = '/api/billing/fiscal-profile';
export const INVOICES_PATH = '/api/invoices';
export const INVOICE_BOOK_CSV_PATH = '/api/admin/invoices?format=csv';
export const invoicePdfPath = (id: string) => `/api/invoices/${encodeURIComponent(id)}/pdf`;
