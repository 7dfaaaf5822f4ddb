/** The invoices feature's public entry: what app.ts and other modules may use. */

export { checkoutTerms, type Withholding } from './checkout-terms.ts';
export { invoicesPrivacy } from './invoices.privacy.ts';
export { invoicesRoutes } from './invoices.routes.ts';
export type { InvoicesService } from './invoices.service.ts';
