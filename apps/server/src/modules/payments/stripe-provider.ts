import { CHECKOUT_EXPIRY_MINUTES } from '@l4l/shared/constants/money';
import { formatEuros } from '@l4l/shared/format';
import { centsToEuros } from '@l4l/shared/schemas/common';
import { es } from '@l4l/shared/texts/es';
import Stripe from 'stripe';
import type { Config } from '../../config.ts';
import type {
  CheckoutRequest,
  CheckoutSession,
  PaymentProvider,
  PayoutAccountRequest,
  RefundRequest,
  ReversalRequest,
  TransferRequest,
} from './payment-provider.ts';

/** Where the SDK sends its calls: Stripe itself, or a local stand-in of its API (tests, `STRIPE_API_BASE`). */
export type StripeEndpoint = { host: string; port: number; protocol: 'http' | 'https' };

/** Stripe keeps product names short; a long case title is cut rather than refused at checkout. */
const PRODUCT_NAME_MAX = 250;

/** `STRIPE_API_BASE` ('http://127.0.0.1:12111') as the SDK's host/port/protocol options. */
export function endpointOf(apiBase: string | undefined): StripeEndpoint | undefined {
  if (!apiBase) return undefined;
  const url = new URL(apiBase);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return { host: url.hostname, port: Number(url.port || (protocol === 'http' ? 80 : 443)), protocol };
}

/**
 * The official SDK on the configured key. Network retries reuse the call's Idempotency-Key, so a
 * retried create never makes a second checkout or charge.
 */
export function createStripeClient(
  stripe: NonNullable<Config['stripe']>,
  endpoint: StripeEndpoint | undefined = endpointOf(stripe.apiBase),
): Stripe {
  return new Stripe(stripe.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    appInfo: { name: 'L4L' },
    ...(endpoint ?? {}),
  });
}

/** 'Caso #1A2B3C4D · Reclamación de fianza' within Stripe's limit. */
export function productNameOf(
  request: Pick<CheckoutRequest, 'caseCode' | 'caseTitle' | 'productName'>,
): string {
  const name = request.productName ?? `Caso #${request.caseCode} · ${request.caseTitle}`;
  return name.length > PRODUCT_NAME_MAX ? `${name.slice(0, PRODUCT_NAME_MAX - 1)}…` : name;
}

/** The line's description: the lawyer, and the IRPF the client withholds when it does. */
export function checkoutDescription(request: Pick<CheckoutRequest, 'lawyerName' | 'withholding'>): string {
  const lawyer = es.payment.checkoutLawyer(request.lawyerName);
  if (!request.withholding) return lawyer;
  const { irpfRate, withheldCents } = request.withholding;
  return `${lawyer} · ${es.payment.checkoutWithholding(irpfRate, formatEuros(centsToEuros(withheldCents)))}`;
}

/**
 * The Stripe provider: a hosted Checkout Session per accepted proposal. The payment is
 * recorded only when Stripe's signed webhook `checkout.session.completed` arrives (webhook.routes.ts),
 * never because the browser came back to the success URL.
 */
export function createStripeProvider(
  config: Config,
  options: { client?: Stripe; now?: () => Date } = {},
): PaymentProvider {
  const now = options.now ?? (() => new Date());
  if (!config.stripe) throw new Error('createStripeProvider needs STRIPE_SECRET_KEY');
  const client = options.client ?? createStripeClient(config.stripe);
  return {
    name: 'stripe',
    async createCheckout(request: CheckoutRequest): Promise<CheckoutSession> {
      const metadata: Record<string, string> = request.consultationId
        ? { paymentId: request.paymentId, consultationId: request.consultationId }
        : {
            paymentId: request.paymentId,
            proposalId: request.proposalId ?? '',
            caseId: request.caseId ?? '',
          };
      const session = await client.checkout.sessions.create(
        {
          mode: 'payment',
          client_reference_id: request.paymentId,
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: request.currency.toLowerCase(),
                unit_amount: request.amountCents,
                product_data: {
                  name: productNameOf(request),
                  description: checkoutDescription(request),
                },
              },
            },
          ],
          // docs/money.md, Checkout expiry: an abandoned checkout frees the proposal within 30 minutes
          expires_at: Math.floor(now().getTime() / 1000) + CHECKOUT_EXPIRY_MINUTES * 60,
          success_url: request.successUrl,
          cancel_url: request.cancelUrl,
          metadata,
          payment_intent_data: { metadata },
        },
        { idempotencyKey: `checkout-${request.paymentId}` },
      );
      if (!session.url) throw new Error(`Stripe answered checkout session ${session.id} without a URL`);
      return { sessionId: session.id, url: session.url };
    },

    async expireCheckout(sessionId: string) {
      try {
        await client.checkout.sessions.expire(sessionId);
      } catch (error) {
        // Stripe refuses to expire a session that is no longer open (completed or expired meanwhile):
        // it is closed either way
        if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) throw error;
      }
    },

    async refund(request: RefundRequest) {
      const refund = await client.refunds.create(
        { payment_intent: request.providerPaymentId, amount: request.amountCents },
        { idempotencyKey: `refund-${request.key ?? request.paymentId}` },
      );
      return { refundId: refund.id };
    },

    async createPayoutAccount(request: PayoutAccountRequest) {
      const account = await client.accounts.create(
        {
          type: 'express',
          country: 'ES',
          email: request.email,
          capabilities: { transfers: { requested: true } },
          metadata: { lawyerId: request.lawyerId },
        },
        { idempotencyKey: `account-${request.lawyerId}` },
      );
      return { accountId: account.id };
    },

    async onboardingLink(accountId: string, urls: { returnUrl: string; refreshUrl: string }) {
      const link = await client.accountLinks.create({
        account: accountId,
        type: 'account_onboarding',
        return_url: urls.returnUrl,
        refresh_url: urls.refreshUrl,
      });
      return { url: link.url };
    },

    async manageLink(accountId: string) {
      // an Express account is changed in Stripe's Express dashboard (its bank account included)
      const link = await client.accounts.createLoginLink(accountId);
      return { url: link.url };
    },

    async payoutsEnabled(accountId: string) {
      const account = await client.accounts.retrieve(accountId);
      return account.payouts_enabled === true || account.capabilities?.transfers === 'active';
    },

    async transfer(request: TransferRequest) {
      const transfer = await client.transfers.create(
        {
          amount: request.amountCents,
          currency: request.currency.toLowerCase(),
          destination: request.accountId,
          transfer_group: request.group,
          metadata: { group: request.group },
        },
        { idempotencyKey: `transfer-${request.group}` },
      );
      return { transferId: transfer.id };
    },

    async reverseTransfer(request: ReversalRequest) {
      const reversal = await client.transfers.createReversal(
        request.transferId,
        { amount: request.amountCents },
        { idempotencyKey: `reversal-${request.key}` },
      );
      return { reversalId: reversal.id };
    },
  };
}
