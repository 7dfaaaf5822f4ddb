/** The payments feature's public entry: what app.ts and other modules may use. */
export { paymentIntentRoutes } from './payment-intent.routes.ts';
export type { PaymentProvider, ProviderName } from './payment-provider.ts';
export { recordRefund } from './payment-records.ts';
export { default as paymentsPlugin, type PaymentsPluginOptions, providerFor } from './payments.plugin.ts';
export { paymentsPrivacy } from './payments.privacy.ts';
export type { PaymentRow, PaymentsService, Withholding } from './payments.service.ts';
export { SANDBOX_ACCOUNT_ID } from './sandbox-provider.ts';
export { default as paymentsWebhook } from './webhook.routes.ts';
