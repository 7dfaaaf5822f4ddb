import { randomBytes, randomUUID } from 'node:crypto';
import { dataEnvelope } from '@l4l/shared/envelope';
import {
  paymentConfigSchema,
  paymentIntentStatusSchema,
  paymentStripeAnswerSchema,
  paymentStripeSchema,
} from '@l4l/shared/schemas/billing';
import { centsToEuros, eurosToCents } from '@l4l/shared/schemas/common';
import { es } from '@l4l/shared/texts/es';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import Stripe from 'stripe';
import { z } from 'zod';
import { AppError, notFound } from '../../lib/app-error.ts';
import { authenticate, currentUser } from '../../plugins/auth.ts';
import { createStripeClient } from './stripe-provider.ts';

/** Marks the PaymentIntents this test page made, so the status lookup answers for those only. */
const SOURCE = 'l4l-test-page';
const intentParams = z.object({ id: z.string().regex(/^pi_[A-Za-z0-9_]{1,200}$/) });
/** An optional client key ('Idempotency-Key' header) makes a retried submit create one intent. */
const CLIENT_KEY = /^[A-Za-z0-9_-]{8,100}$/;

/** A sandbox PaymentIntent's answer: a fresh id in Stripe's format; the link is the test page itself. */
function sandboxIntent(publicUrl: string) {
  const id = `pi_sandbox_${randomBytes(12).toString('hex')}`;
  return {
    clientSecret: `${id}_secret_${randomBytes(12).toString('hex')}`,
    dpmCheckerLink: `${publicUrl}/payment`,
  };
}

/**
 * The payment test page ('Stripe Test Payload'; docs/api/http.md, Payments): (+) the provider and the
 * publishable key the page loads Stripe.js with, a PaymentIntent for the embedded card form, and (+) its
 * real status for /payment/completion. The last two exist outside production only (404 in production);
 * without Stripe the sandbox answers the intent (docs/api/http.md's shape) but cannot tell a status (503, which the
 * completion page reads as 'unverified'); Stripe refusing answers 503 with a Spanish message.
 */
const paymentIntentModule: FastifyPluginAsyncZod = async (app) => {
  const stripe = app.config.stripe;
  const client = stripe ? createStripeClient(stripe) : undefined;
  /** The test page's provider: none in production (404), Stripe's client, or undefined on the sandbox. */
  const testPageStripe = () => {
    if (app.config.env === 'production') throw notFound();
    return client;
  };
  const unavailable = (error: unknown): never => {
    app.log.error({ err: error }, 'stripe refused a payment intent call');
    throw new AppError('SERVICE_UNAVAILABLE', { message: es.payment.providerUnavailable });
  };

  // public and tiny: a publishable key is meant for browsers; it is told only where the test page works
  // (outside production, with a secret key), so the page never loads Stripe.js for nothing
  app.get(
    '/api/payments/config',
    { schema: { response: { 200: dataEnvelope(paymentConfigSchema) } } },
    async () => ({
      data: {
        provider: stripe ? ('stripe' as const) : ('sandbox' as const),
        publishableKey: (app.config.env !== 'production' && stripe?.publishableKey) || null,
      },
    }),
  );

  app.post(
    '/api/payments/payment-stripe',
    {
      onRequest: authenticate,
      schema: { body: paymentStripeSchema, response: { 200: dataEnvelope(paymentStripeAnswerSchema) } },
    },
    async (request) => {
      const stripeClient = testPageStripe();
      // the sandbox: an intent of Stripe's shape that no card can pay (the test page's 'Pay now' goes
      // straight to the completion page with it)
      if (!stripeClient) return { data: sandboxIntent(app.config.publicUrl) };
      const caller = currentUser(request);
      const given = request.headers['idempotency-key'];
      const key =
        typeof given === 'string' && CLIENT_KEY.test(given) ? `${caller.id}-${given}` : randomUUID();
      const intent = await stripeClient.paymentIntents
        .create(
          {
            amount: eurosToCents(request.body.amount),
            currency: 'eur',
            description: request.body.description || undefined,
            automatic_payment_methods: { enabled: true },
            metadata: { source: SOURCE, reference: request.body.id, userId: caller.id },
          },
          { idempotencyKey: `payment-intent-${key}` },
        )
        .catch(unavailable);
      if (!intent.client_secret)
        unavailable(new Error(`payment intent ${intent.id} without a client secret`));
      return {
        data: {
          clientSecret: intent.client_secret ?? '',
          // Stripe's own page that reviews which payment methods this intent can show
          dpmCheckerLink: `https://dashboard.stripe.com/settings/payment_methods/review?transaction_id=${intent.id}`,
        },
      };
    },
  );

  // public: the browser comes back from Stripe's redirect possibly without a session (ADR 0003); the
  // intent id is the capability, and only the status and amount of a test-page intent are told
  app.get(
    '/api/payments/intent/:id',
    { schema: { params: intentParams, response: { 200: dataEnvelope(paymentIntentStatusSchema) } } },
    async (request) => {
      const stripeClient = testPageStripe();
      if (!stripeClient)
        throw new AppError('SERVICE_UNAVAILABLE', { message: es.payment.stripeNotConfigured });
      const intent = await stripeClient.paymentIntents.retrieve(request.params.id).catch((error: unknown) => {
        if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404)
          throw notFound();
        return unavailable(error);
      });
      if (intent.metadata?.source !== SOURCE) throw notFound();
      return {
        data: {
          id: intent.id,
          status: intent.status,
          amount: centsToEuros(intent.amount),
          currency: intent.currency.toUpperCase(),
        },
      };
    },
  );
};

export const paymentIntentRoutes = fp(paymentIntentModule, {
  name: 'payment-intent',
  dependencies: ['auth'],
});
