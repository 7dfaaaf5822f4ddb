/**
 * The card payment provider behind 'accept a proposal' (docs/domain.md, Money): the sandbox by default,
 * Stripe when `STRIPE_SECRET_KEY` is set. A provider only opens checkouts; the payment is recorded by
 * `PaymentsService.complete`, which both the sandbox's 'Pagar' button and Stripe's webhook call, so a case
 * becomes ACTIVO only when the provider confirms the payment.
 */
export type ProviderName = 'sandbox' | 'stripe';

export type CheckoutRequest = {
  /** our payments row: the idempotency key of the provider call and the metadata linking back to us */
  paymentId: string;
  proposalId: string;
  caseId: string;
  caseCode: string;
  caseTitle: string;
  lawyerName: string;
  /** always the stored proposal's price, never a figure from the client */
  amountCents: number;
  currency: 'EUR';
  /** docs/product.md, Payment pages: /payment-success and /payment-error on PUBLIC_URL */
  successUrl: string;
  cancelUrl: string;
};

export type CheckoutSession = {
  /** the provider's id of the checkout; with the provider's name it finds the payments row */
  sessionId: string;
  /** where the client's browser goes to pay (opened in a new window by the web app) */
  url: string;
};

export type RefundRequest = {
  /** our payments row: the idempotency key of the provider call */
  paymentId: string;
  /** the provider's id of the money taken (Stripe: the PaymentIntent) */
  providerPaymentId: string;
  amountCents: number;
};

export interface PaymentProvider {
  readonly name: ProviderName;
  createCheckout(request: CheckoutRequest): Promise<CheckoutSession>;
  /** Closes an open checkout so that it can no longer be paid (one already closed is left as it is). */
  expireCheckout(sessionId: string): Promise<void>;
  /** Gives money taken back in full; answers the provider's refund id. Repeating it refunds once. */
  refund(request: RefundRequest): Promise<{ refundId: string }>;
}
