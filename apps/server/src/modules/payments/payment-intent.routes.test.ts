import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { es } from '@l4l/shared/texts/es';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/app.ts';
import { bearer, createUser, signIn } from '../../../test/factories.ts';
import { type StripeStandIn, startStripeStandIn } from '../../../test/stripe-stand-in.ts';
import { ConfigError, loadConfig } from '../../config.ts';

type TestApp = Awaited<ReturnType<typeof buildTestApp>>;

/** POST /api/payments/payment-stripe and (+) GET /api/payments/intent/{id}: the payment test page. */
describe('payment test page with Stripe configured', () => {
  let t: TestApp;
  let standIn: StripeStandIn;
  let headers: { authorization: string };
  let userId: string;

  beforeAll(async () => {
    standIn = await startStripeStandIn();
    t = await buildTestApp(
      {},
      {
        STRIPE_SECRET_KEY: 'sk_test_page',
        STRIPE_PUBLISHABLE_KEY: 'pk_test_page',
        STRIPE_API_BASE: standIn.apiBase,
      },
    );
    const user = await createUser(t.app);
    userId = user.id;
    headers = bearer(await signIn(t.app, user));
  });
  afterAll(async () => {
    await t.close();
    await standIn.close();
  });

  const create = (payload: Record<string, unknown>, extra: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/payments/payment-stripe',
      headers: { ...headers, ...extra },
      payload,
    });

  it('tells anyone the provider and the publishable key the embedded form loads Stripe.js with', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/payments/config' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { provider: 'stripe', publishableKey: 'pk_test_page' } });
  });

  it('creates a PaymentIntent in euro cents and answers its client secret', async () => {
    const res = await create({ id: 'prueba-1', amount: 200, description: 'Stripe Test Payload' });
    expect(res.statusCode).toBe(200);
    const { clientSecret, dpmCheckerLink } = res.json().data;
    expect(clientSecret).toMatch(/^pi_test_\w+_secret_\w+$/);
    const intentId = clientSecret.split('_secret_')[0];
    expect(dpmCheckerLink).toBe(
      `https://dashboard.stripe.com/settings/payment_methods/review?transaction_id=${intentId}`,
    );
    const call = standIn.requests.at(-1);
    expect(call?.path).toBe('/v1/payment_intents');
    expect(call?.headers['idempotency-key']).toMatch(/^payment-intent-/);
    expect(call?.form).toMatchObject({
      amount: '20000',
      currency: 'eur',
      description: 'Stripe Test Payload',
      'automatic_payment_methods[enabled]': 'true',
      'metadata[source]': 'l4l-test-page',
      'metadata[reference]': 'prueba-1',
      'metadata[userId]': userId,
    });
  });

  it('makes one intent for a retried submit with the same Idempotency-Key', async () => {
    const key = { 'idempotency-key': 'submit-0001-abcdef' };
    const first = await create({ id: 7, amount: 12.34, description: '' }, key);
    const second = await create({ id: 7, amount: 12.34, description: '' }, key);
    expect(first.json().data.clientSecret).toBe(second.json().data.clientSecret);
    expect(standIn.requests.at(-1)?.form.amount).toBe('1234');
    expect(standIn.requests.at(-1)?.headers['idempotency-key']).toBe(
      `payment-intent-${userId}-submit-0001-abcdef`,
    );
  });

  it('refuses bad amounts with a Spanish message (400) and anonymous callers (401)', async () => {
    for (const amount of [0, -5, 'doscientos', 12.345, 1_000_000]) {
      const res = await create({ id: 'x', amount, description: 'd' });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields.amount).toBe(es.payment.invalidAmount);
    }
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/payments/payment-stripe',
      payload: { id: 'x', amount: 200, description: 'd' },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('tells the real status of a test-page intent, asked without a session', async () => {
    const made = await create({ id: 'estado', amount: 200, description: 'd' });
    const intentId = made.json().data.clientSecret.split('_secret_')[0];
    standIn.setIntentStatus(intentId, 'succeeded');
    const res = await t.app.inject({ method: 'GET', url: `/api/payments/intent/${intentId}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { id: intentId, status: 'succeeded', amount: 200, currency: 'EUR' } });

    expect(
      (await t.app.inject({ method: 'GET', url: '/api/payments/intent/pi_test_unknown' })).statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/payments/intent/not-an-intent' })).statusCode,
    ).toBe(404);
  });

  it('hides intents this page did not make (404)', async () => {
    standIn.respondWith((request) =>
      request.method === 'GET'
        ? {
            status: 200,
            body: {
              id: 'pi_test_foreign',
              object: 'payment_intent',
              status: 'succeeded',
              amount: 5000,
              currency: 'eur',
              metadata: {},
            },
          }
        : undefined,
    );
    const res = await t.app.inject({ method: 'GET', url: '/api/payments/intent/pi_test_foreign' });
    standIn.respondWith(undefined);
    expect(res.statusCode).toBe(404);
  });

  it('answers 503 in Spanish when Stripe fails', async () => {
    standIn.respondWith(() => standIn.stripeError(400, 'Your account cannot currently make live charges.'));
    const res = await create({ id: 'x', amount: 200, description: 'd' });
    standIn.respondWith(undefined);
    expect(res.statusCode).toBe(503);
    expect(res.json().error.message).toBe(es.payment.providerUnavailable);
  });
});

describe('payment test page without Stripe, and in production', () => {
  it('answers a sandbox intent in the usual shape when Stripe is not configured', async () => {
    const t = await buildTestApp();
    try {
      const headers = bearer(await signIn(t.app, await createUser(t.app)));
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/payments/payment-stripe',
        headers,
        payload: { id: 'x', amount: 200, description: 'd' },
      });
      expect(res.statusCode).toBe(200);
      const { clientSecret, dpmCheckerLink } = res.json().data;
      expect(clientSecret).toMatch(/^pi_sandbox_[0-9a-f]{24}_secret_[0-9a-f]{24}$/);
      expect(dpmCheckerLink).toBe(`${t.config.publicUrl}/payment`);
      const invalid = await t.app.inject({
        method: 'POST',
        url: '/api/payments/payment-stripe',
        headers,
        payload: { id: 'x', amount: -5, description: 'd' },
      });
      expect(invalid.statusCode).toBe(400);
      const anonymous = await t.app.inject({
        method: 'POST',
        url: '/api/payments/payment-stripe',
        payload: { id: 'x', amount: 200, description: 'd' },
      });
      expect(anonymous.statusCode).toBe(401);
      // the sandbox cannot ask Stripe for a status: the completion page says the payment is unverified
      const status = await t.app.inject({ method: 'GET', url: '/api/payments/intent/pi_test_1' });
      expect(status.statusCode).toBe(503);
      expect(status.json().error).toEqual({
        code: 'SERVICE_UNAVAILABLE',
        message: es.payment.stripeNotConfigured,
      });
      const config = await t.app.inject({ method: 'GET', url: '/api/payments/config' });
      expect(config.json()).toEqual({ data: { provider: 'sandbox', publishableKey: null } });
    } finally {
      await t.close();
    }
  });

  it('does not exist in production (404)', async () => {
    const t = await buildTestApp(
      {},
      {
        NODE_ENV: 'production',
        PLATFORM_NIF: 'B19874361',
        PLATFORM_NAME: 'L4L Plataforma Legal, S.L.',
        PLATFORM_ADDRESS: 'Calle de Serrano, 41, 28001 Madrid',
        STRIPE_SECRET_KEY: 'sk_test_prod',
        STRIPE_PUBLISHABLE_KEY: 'pk_test_prod',
        STRIPE_API_BASE: 'http://127.0.0.1:9',
      },
    );
    try {
      const headers = bearer(await signIn(t.app, await createUser(t.app)));
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/payments/payment-stripe',
        headers,
        payload: { id: 'x', amount: 200, description: 'd' },
      });
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('NOT_FOUND');
      // no test page there, so no key that would make a browser load Stripe.js for it
      const config = await t.app.inject({ method: 'GET', url: '/api/payments/config' });
      expect(config.json()).toEqual({ data: { provider: 'stripe', publishableKey: null } });
    } finally {
      await t.close();
    }
  });
});

describe('STRIPE_PUBLISHABLE_KEY', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'l4l-config-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
  const base = { DATA_DIR: dataDir, JWT_SECRET: 'x'.repeat(40) };

  it('is kept with the secret key and ignored without it', () => {
    const both = loadConfig({
      ...base,
      STRIPE_SECRET_KEY: 'sk_test_1',
      STRIPE_PUBLISHABLE_KEY: ' pk_test_1 ',
    });
    expect(both.stripe?.publishableKey).toBe('pk_test_1');
    expect(loadConfig({ ...base, STRIPE_SECRET_KEY: 'sk_test_1' }).stripe?.publishableKey).toBeUndefined();
    expect(loadConfig({ ...base, STRIPE_PUBLISHABLE_KEY: 'pk_test_1' }).stripe).toBeUndefined();
  });

  it.each(['sk_test_1', 'rk_live_1', 'pub_123'])('refuses %s with a one-line Spanish message', (value) => {
    const env = { ...base, STRIPE_SECRET_KEY: 'sk_test_1', STRIPE_PUBLISHABLE_KEY: value };
    expect(() => loadConfig(env)).toThrowError(ConfigError);
    expect(() => loadConfig(env)).toThrowError(
      `Configuración no válida: STRIPE_PUBLISHABLE_KEY debe empezar por pk_ (recibido: "${value}").`,
    );
  });
});
