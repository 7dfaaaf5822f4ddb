/**
 * The card payment provider behind 'accept a proposal' (docs/domain.md, Money): the sandbox by default,
 * Stripe when `STRIPE_SECRET_KEY` is set. A provider opens checkouts (and, docs/money.md, payout accounts,
 * transfers, reversals and refunds); the payment is recorded by
 * `PaymentsService.complete`, which both the sandbox's 'Pagar' button and Stripe's webhook call, so a case
 * becomes ACTIVO only when the provider confirms the payment.
 */
export type ProviderName = 'sandbox' | 'stripe';

export type CheckoutRequest = {
  /** our payments row: the idempotency key of the provider call and the metadata linking back to us */
  paymentId: string;
  /** a case's payment: its proposal and case (null for a first consultation's) */
  proposalId: string | null;
  caseId: string | null;
  /** a first consultation's payment (docs/money.md, First consultations) */
  consultationId?: string | null;
  caseCode: string;
  caseTitle: string;
  /** the checkout's line, when it is not the case's ('Primera consulta · …') */
  productName?: string;
  lawyerName: string;
  /** what the card pays: the stored proposal's price (less the IRPF withheld), never a figure from the client */
  amountCents: number;
  /** the IRPF a business client withholds from the price (docs/invoices.md, IRPF), when it does */
  withholding?: { irpfRate: number; withheldCents: number };
  currency: 'EUR';
  /** docs/product.md, Payment pages: PAYMENT_RESULT_PATHS on PUBLIC_URL (a cancel has a page of its own) */
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
  /** the idempotency key of this refund (default: the payment's; each partial refund has its own) */
  key?: string;
};

/** docs/money.md, Payout accounts: a lawyer's account at the provider (Stripe Connect Express). */
export type PayoutAccountRequest = { lawyerId: string; email: string };

export type TransferRequest = {
  /** the case's (or the first consultation's) id: the transfer's group and its idempotency key (one each) */
  group: string;
  /** the provider's payout account of the lawyer */
  accountId: string;
  amountCents: number;
  currency: 'EUR';
  /** the provider's id of the money taken for the case (Stripe: the charge's source_transaction) */
  providerPaymentId: string | null;
};

export type ReversalRequest = {
  transferId: string;
  amountCents: number;
  /** the idempotency key (the refund that needs it) */
  key: string;
};

export interface PaymentProvider {
  readonly name: ProviderName;
  createCheckout(request: CheckoutRequest): Promise<CheckoutSession>;
  /** Closes an open checkout so that it can no longer be paid (one already closed is left as it is). */
  expireCheckout(sessionId: string): Promise<void>;
  /** Gives money taken back (the amount asked); answers the provider's refund id. Repeating it refunds once. */
  refund(request: RefundRequest): Promise<{ refundId: string }>;
  /** Opens the lawyer's payout account (not enabled until onboarding ends). */
  createPayoutAccount(request: PayoutAccountRequest): Promise<{ accountId: string }>;
  /** Where the lawyer completes the account (sandbox: the app's own page; Stripe: an Account Link). */
  onboardingLink(
    accountId: string,
    urls: { returnUrl: string; refreshUrl: string },
  ): Promise<{ url: string }>;
  /**
   * Where the lawyer reviews and changes an enabled account (docs/money.md, Payout accounts): Stripe's
   * Express dashboard (a login link), or the sandbox's page again.
   */
  manageLink(accountId: string, urls: { returnUrl: string }): Promise<{ url: string }>;
  /** Whether the provider lets the account receive transfers now. */
  payoutsEnabled(accountId: string): Promise<boolean>;
  /** Sends the lawyer's share of a case; repeating it for the case sends once. */
  transfer(request: TransferRequest): Promise<{ transferId: string }>;
  /** Takes (part of) a transfer back; repeating it with the same key takes back once. */
  reverseTransfer(request: ReversalRequest): Promise<{ reversalId: string }>;
}
