/** The billing feature's public entry: what app.ts and other modules may use. */
export { billingRoutes } from './billing.routes.ts';
