/** The money feature's public entry (docs/money.md): what app.ts and other modules may use. */
export { default as moneyPlugin, type MoneyPluginOptions } from './money.plugin.ts';
export { moneyPrivacy } from './money.privacy.ts';
export type { MoneyService } from './money.service.ts';
/** The one refund path (docs/money.md, Refunds): `app.money.refundPayment(tx, afterCommit, order)`. */
export type { RefundDone, RefundOrder, RefundPayment } from './refunds.ts';
