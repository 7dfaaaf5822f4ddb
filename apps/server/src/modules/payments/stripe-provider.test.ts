import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type StripeStandIn, startStripeStandIn } from '../../../test/stripe-stand-in.ts';
import { loadConfig } from '../../config.ts';
import type { CheckoutRequest } from './payment-provider.ts';
import { createStripeClient, createStripeProvider, endpointOf, productNameOf } from './stripe-provider.ts';

/** The Stripe provider against a local stand-in of the Stripe API (the official SDK, pointed at it). */
describe('stripe provider', () => {
  let standIn: StripeStandIn;

  const request = (overrides: Partial<CheckoutRequest> = {}): CheckoutRequest => ({
    paymentId: '0f8b1c7e-3a52-4e1b-9d7a-2c51f0a1b001',
    proposalId: '0f8b1c7e-3a52-4e1b-9d7a-2c51f0a1b002',
    caseId: '0f8b1c7e-3a52-4e1b-9d7a-2c51f0a1b003',
    caseCode: '0F8B1C7E',
    caseTitle: 'Reclamación de la fianza del piso',
    lawyerName: 'Lucía García',
    amountCents: 123_450,
    currency: 'EUR',
    successUrl: 'https://l4l.example/payment-success',
    cancelUrl: 'https://l4l.example/payment-error',
    ...overrides,
  });

  const configFor = (apiBase: string) =>
    loadConfig(
      {
        NODE_ENV: 'test',
        SEED_DEMO: 'false',
        STRIPE_SECRET_KEY: 'sk_test_provider',
        STRIPE_API_BASE: apiBase,
      },
      { jwtSecret: 'test-secret-that-is-long-enough-to-sign-tokens', dataDir: '/tmp', webDist: undefined },
    );

  beforeAll(async () => {
    standIn = await startStripeStandIn();
  });
  beforeEach(() => {
    standIn.requests.length = 0;
    standIn.respondWith(undefined);
  });
  afterAll(async () => standIn.close());

  it('opens a Checkout Session in euros for the stored amount, linked to our payment', async () => {
    const provider = createStripeProvider(configFor(standIn.apiBase));
    expect(provider.name).toBe('stripe');

    const session = await provider.createCheckout(request());

    expect(session.sessionId).toMatch(/^cs_test_/);
    expect(session.url).toBe(`https://checkout.stripe.test/c/pay/${session.sessionId}`);
    expect(standIn.requests).toHaveLength(1);
    const [call] = standIn.requests;
    expect(call?.method).toBe('POST');
    expect(call?.path).toBe('/v1/checkout/sessions');
    expect(call?.headers.authorization).toBe('Bearer sk_test_provider');
    expect(call?.headers['idempotency-key']).toBe('checkout-0f8b1c7e-3a52-4e1b-9d7a-2c51f0a1b001');
    expect(call?.form).toMatchObject({
      mode: 'payment',
      client_reference_id: '0f8b1c7e-3a52-4e1b-9d7a-2c51f0a1b001',
      'line_items[0][quantity]': '1',
      'line_items[0][price_data][currency]': 'eur',
      'line_items[0][price_data][unit_amount]': '123450',
      'line_items[0][price_data][product_data][name]': 'Caso #0F8B1C7E · Reclamación de la fianza del piso',
      'line_items[0][price_data][product_data][description]': 'Abogado: Lucía García',
      success_url: 'https://l4l.example/payment-success',
      cancel_url: 'https://l4l.example/payment-error',
      'metadata[paymentId]': '0f8b1c7e-3a52-4e1b-9d7a-2c51f0a1b001',
      'metadata[proposalId]': '0f8b1c7e-3a52-4e1b-9d7a-2c51f0a1b002',
      'metadata[caseId]': '0f8b1c7e-3a52-4e1b-9d7a-2c51f0a1b003',
      'payment_intent_data[metadata][paymentId]': '0f8b1c7e-3a52-4e1b-9d7a-2c51f0a1b001',
    });
  });

  it('asks twice for the same payment with the same key and gets the same session back', async () => {
    const provider = createStripeProvider(configFor(standIn.apiBase));
    const first = await provider.createCheckout(request());
    const second = await provider.createCheckout(request());
    expect(second.sessionId).toBe(first.sessionId);
    expect(standIn.requests.map((r) => r.headers['idempotency-key'])).toEqual([
      'checkout-0f8b1c7e-3a52-4e1b-9d7a-2c51f0a1b001',
      'checkout-0f8b1c7e-3a52-4e1b-9d7a-2c51f0a1b001',
    ]);
  });

  it('retries a Stripe outage with the same idempotency key, then gives up with an error', async () => {
    standIn.respondWith(() => standIn.stripeError(500, 'Stripe is down', 'api_error'));
    const provider = createStripeProvider(configFor(standIn.apiBase));
    await expect(provider.createCheckout(request({ paymentId: 'retry-me' }))).rejects.toThrow();
    // the first try and the SDK's two retries, all with one key
    expect(standIn.requests).toHaveLength(3);
    expect(new Set(standIn.requests.map((r) => r.headers['idempotency-key']))).toEqual(
      new Set(['checkout-retry-me']),
    );
  });

  it('refuses a session that comes back without a URL', async () => {
    standIn.respondWith(() => ({
      status: 200,
      body: { id: 'cs_test_nourl', object: 'checkout.session', url: null },
    }));
    const provider = createStripeProvider(configFor(standIn.apiBase));
    await expect(provider.createCheckout(request({ paymentId: 'no-url' }))).rejects.toThrow(/without a URL/);
  });

  it('accepts a client built directly on the stand-in (host, port, protocol)', async () => {
    const config = configFor('https://api.stripe.com');
    const client = createStripeClient(
      config.stripe ?? { secretKey: '', webhookSecret: undefined, apiBase: undefined },
      standIn.endpoint,
    );
    const session = await createStripeProvider(config, { client }).createCheckout(
      request({ paymentId: 'direct' }),
    );
    expect(session.sessionId).toMatch(/^cs_test_/);
    expect(standIn.requests).toHaveLength(1);
  });

  it('cuts a very long case title to Stripe’s product name limit', () => {
    const name = productNameOf({ caseCode: 'ABCDEF12', caseTitle: 'x'.repeat(400) });
    expect(name.length).toBe(250);
    expect(name.endsWith('…')).toBe(true);
  });

  it('reads STRIPE_API_BASE as the SDK’s endpoint options', () => {
    expect(endpointOf('http://127.0.0.1:12111')).toEqual({
      host: '127.0.0.1',
      port: 12111,
      protocol: 'http',
    });
    expect(endpointOf('https://stripe.internal')).toEqual({
      host: 'stripe.internal',
      port: 443,
      protocol: 'https',
    });
    expect(endpointOf(undefined)).toBeUndefined();
  });

  it('cannot be built without a secret key', () => {
    const config = loadConfig(
      { NODE_ENV: 'test', SEED_DEMO: 'false' },
      { jwtSecret: 'test-secret-that-is-long-enough-to-sign-tokens', dataDir: '/tmp', webDist: undefined },
    );
    expect(() => createStripeProvider(config)).toThrow(/STRIPE_SECRET_KEY/);
  });
});
