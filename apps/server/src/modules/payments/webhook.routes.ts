import { es } from '@l4l/shared/texts/es';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type Stripe from 'stripe';
import { AppError } from '../../lib/app-error.ts';
import { createStripeClient } from './stripe-provider.ts';

/** What the webhook did with an event (the answer's `data.status`; Stripe only reads the 2xx). */
export type WebhookOutcome =
  | 'completed'
  | 'cancelled'
  | 'duplicate'
  | 'conflict'
  | 'refunded'
  | 'unknown'
  | 'ignored'
  | 'opened'
  | 'resolved'
  | 'updated'
  | 'reversed';

/**
 * What the provider's events about the money after a payment ask of the money feature (docs/money.md,
 * Webhooks): declared here, where the webhook reads them, and handed in by app.ts.
 */
export type ProviderMoneyEvents = {
  providerRefunded(
    providerPaymentId: string,
    amountRefundedCents: number,
    providerRefundId: string,
  ): Promise<WebhookOutcome>;
  providerDisputeOpened(
    providerPaymentId: string,
    providerDisputeId: string,
    reason: string,
  ): Promise<WebhookOutcome>;
  providerDisputeClosed(
    providerDisputeId: string,
    won: boolean,
    amountCents: number,
  ): Promise<WebhookOutcome>;
  accountUpdated(
    accountId: string,
    enabled: boolean,
    bank: { holder: string | null; bankLast4: string | null } | undefined,
  ): Promise<WebhookOutcome>;
  providerTransferReversed(providerTransferId: string, amountReversedCents: number): Promise<WebhookOutcome>;
};

export type PaymentsWebhookOptions = { money: ProviderMoneyEvents };

/**
 * The bank account an Express account pays out to, as `account.updated` carries it (the platform controls
 * the account, so Stripe includes its external accounts): the holder and the last four digits; undefined
 * when the event names none, so what is known is kept.
 */
function bankOf(account: Stripe.Account): { holder: string | null; bankLast4: string | null } | undefined {
  const bank = account.external_accounts?.data.find((external) => external.object === 'bank_account');
  if (bank?.object !== 'bank_account') return undefined;
  return { holder: bank.account_holder_name ?? null, bankLast4: bank.last4 ?? null };
}

const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === 'string' ? value : (value?.id ?? null);

/**
 * POST /api/payments/webhook (docs/api/http.md, Payments): Stripe's signed events about our Checkout Sessions.
 *
 * - The signature is checked over the raw bytes (this plugin keeps JSON bodies as a Buffer, for this route
 *   only) with `STRIPE_WEBHOOK_SECRET`, with the SDK's default tolerance of 300 s: an unsigned, tampered or
 *   stale event is 400 in the error envelope and changes nothing.
 * - Idempotent on the event id (`app.payments.processEvent`): a replay answers 200 'duplicate'. Should
 *   processing fail, the id is released again so Stripe's retry runs.
 * - `checkout.session.completed` (paid) and `async_payment_succeeded` complete the payment through
 *   `app.payments.complete`, the same path as the sandbox's 'Pagar'; `expired` and `async_payment_failed`
 *   cancel it. Order does not matter: a completed payment is never cancelled, and completing twice is a no-op.
 * - Without Stripe configured (the sandbox provider), the route answers 503 with a Spanish message, so a
 *   misdirected Stripe endpoint shows up as failing deliveries in Stripe's dashboard rather than silent 404s.
 */
async function webhookRoutes(app: FastifyInstance, { money }: PaymentsWebhookOptions) {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
    done(null, body),
  );

  const stripe = app.config.stripe;
  const client = stripe ? createStripeClient(stripe) : undefined;

  async function apply(event: Stripe.Event): Promise<WebhookOutcome> {
    switch (event.type) {
      case 'checkout.session.completed':
      case 'checkout.session.async_payment_succeeded': {
        const session = event.data.object;
        // a delayed method (SEPA, bank transfer) completes later with async_payment_succeeded
        if (session.payment_status === 'unpaid') return 'ignored';
        const result = await app.payments.complete({
          provider: 'stripe',
          sessionId: session.id,
          providerPaymentId: idOf(session.payment_intent),
        });
        return result.status;
      }
      case 'checkout.session.expired':
      case 'checkout.session.async_payment_failed': {
        const result = await app.payments.cancel({ provider: 'stripe', sessionId: event.data.object.id });
        return result.status === 'completed' ? 'cancelled' : result.status;
      }
      // docs/money.md, Webhooks: the money after the payment (the money feature, handed in by app.ts)
      case 'charge.refunded': {
        const charge = event.data.object;
        const paymentIntent = idOf(charge.payment_intent);
        if (!paymentIntent) return 'ignored';
        const last = charge.refunds?.data?.[0]?.id ?? `${charge.id}:${charge.amount_refunded}`;
        return money.providerRefunded(paymentIntent, charge.amount_refunded, last);
      }
      case 'charge.dispute.created': {
        const dispute = event.data.object;
        const paymentIntent = idOf(dispute.payment_intent);
        if (!paymentIntent) return 'ignored';
        return money.providerDisputeOpened(
          paymentIntent,
          dispute.id,
          `Disputa de la tarjeta: ${dispute.reason}`,
        );
      }
      case 'charge.dispute.closed': {
        const dispute = event.data.object;
        return money.providerDisputeClosed(dispute.id, dispute.status === 'won', dispute.amount);
      }
      case 'account.updated': {
        const account = event.data.object;
        const enabled = account.payouts_enabled === true || account.capabilities?.transfers === 'active';
        return money.accountUpdated(account.id, enabled, bankOf(account));
      }
      case 'transfer.reversed': {
        const transfer = event.data.object;
        return money.providerTransferReversed(transfer.id, transfer.amount_reversed);
      }
      default:
        return 'ignored';
    }
  }

  // Stripe's events are a few KiB; a checkout with many line items is larger, so room for that
  app.post('/api/payments/webhook', { bodyLimit: 1024 * 1024 }, async (request) => {
    const secret = stripe?.webhookSecret;
    if (!client || !secret)
      throw new AppError('SERVICE_UNAVAILABLE', { message: es.payment.stripeNotConfigured });
    const signature = request.headers['stripe-signature'];
    if (typeof signature !== 'string' || signature.trim() === '') {
      throw new AppError('INVALID_SIGNATURE', { message: es.payment.webhookUnsigned });
    }
    const raw = Buffer.isBuffer(request.body)
      ? request.body
      : Buffer.from(String(request.body ?? ''), 'utf8');
    let event: Stripe.Event;
    try {
      event = client.webhooks.constructEvent(raw, signature, secret);
    } catch (error) {
      request.log.warn({ err: error }, 'webhook refused: bad signature');
      throw new AppError('INVALID_SIGNATURE', { message: es.payment.webhookBadSignature });
    }

    try {
      const status: WebhookOutcome = await app.payments.processEvent(
        { provider: 'stripe', id: event.id, type: event.type },
        () => apply(event),
      );
      request.log.info({ eventId: event.id, type: event.type, status }, 'stripe event applied');
      return { data: { received: true, status } };
    } catch (error) {
      request.log.error({ err: error, eventId: event.id }, 'stripe event failed');
      throw new AppError('SERVICE_UNAVAILABLE', { message: es.payment.webhookFailed });
    }
  });
}

export default fp(
  async (app: FastifyInstance, options: PaymentsWebhookOptions) => {
    // encapsulated, so the raw-body JSON parser applies to the webhook alone
    await app.register(webhookRoutes, options);
  },
  { name: 'payments-webhook', dependencies: ['payments'] },
);
