import { randomBytes } from 'node:crypto';
import { caseCode } from '@l4l/shared/constants/cases';
import { MESSAGE_TYPE } from '@l4l/shared/constants/messages';
import { formatEuros } from '@l4l/shared/format';
import { es } from '@l4l/shared/texts/es';
import { and, eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/app.ts';
import {
  bearer,
  createAdmin,
  createFiscalProfile,
  createLawyer,
  createUser,
  signIn,
} from '../../../test/factories.ts';
import { readMail } from '../../../test/mime.ts';
import { sentMails } from '../../../test/outbox.ts';
import { type StripeStandIn, startStripeStandIn } from '../../../test/stripe-stand-in.ts';
import {
  auditLog,
  cases,
  messages,
  notifications,
  paymentEvents,
  payments,
  proposals,
} from '../../db/schema/index.ts';

type TestApp = Awaited<ReturnType<typeof buildTestApp>>;

const WEBHOOK_SECRET = 'whsec_l4l_test_webhook_secret';
const signer = new Stripe('sk_test_signer').webhooks;

/**
 * POST /api/payments/webhook (docs/api/http.md, Payments) on the real app with the Stripe provider configured
 * (its API a local stand-in). Events are signed locally with the SDK's test-header helper.
 */
describe('stripe webhook', () => {
  let t: TestApp;
  let standIn: StripeStandIn;
  let adminToken: string;

  beforeAll(async () => {
    standIn = await startStripeStandIn();
    t = await buildTestApp(
      {},
      {
        STRIPE_SECRET_KEY: 'sk_test_l4l',
        STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
        STRIPE_API_BASE: standIn.apiBase,
      },
    );
    adminToken = await signIn(t.app, await createAdmin(t.app));
  });
  afterAll(async () => {
    await t.close();
    await standIn.close();
  });

  const call = (token: string, url: string, payload?: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url, headers: bearer(token), ...(payload ? { payload } : {}) });

  /** A client accepts a lawyer's proposal: a pending payment with its Stripe Checkout Session. */
  async function pendingCheckout(priceEuros = 450.5) {
    const client = await createUser(t.app);
    // above 400 € the client gives fiscal data before paying (docs/invoices.md)
    await createFiscalProfile(t.app, client.id);
    const lawyer = await createLawyer(t.app);
    const clientToken = await signIn(t.app, client);
    const created = await call(clientToken, '/api/cases/new-case', {
      title: 'Reclamación a la aseguradora',
      description: 'No me pagan el siniestro.',
    });
    const caseId = created.json().data.id as string;
    await call(adminToken, `/api/admin/cases/${caseId}/approve`, { category: 'Abogado Civil' });
    const proposal = await call(
      await signIn(t.app, lawyer),
      `/api/proposal/create-proposal-to-case/${caseId}`,
      {
        price: priceEuros,
        message: 'Me encargo.',
      },
    );
    expect(proposal.statusCode).toBe(200);
    // the amount always comes from the stored proposal: a client's figure is ignored
    const accepted = await call(clientToken, `/api/proposal/accept-proposal/${proposal.json().data.id}`, {
      amount: 1,
      price: 1,
    });
    expect(accepted.statusCode).toBe(200);
    const [row] = await t.app.db.select().from(payments).where(eq(payments.caseId, caseId));
    if (!row) throw new Error('no pending payment');
    expect(row).toMatchObject({ status: 'PENDIENTE', amountCents: Math.round(priceEuros * 100) });
    // the configured provider is Stripe: the client is sent to the Checkout Session the stand-in opened
    expect(row.provider).toBe('stripe');
    const sessionId = row.providerSessionId;
    expect(accepted.json().data).toBe(`https://checkout.stripe.test/c/pay/${sessionId}`);
    const checkout = standIn.requests.find((r) => r.headers['idempotency-key'] === `checkout-${row.id}`);
    expect(checkout?.form['line_items[0][price_data][unit_amount]']).toBe(String(row.amountCents));
    expect(checkout?.form['line_items[0][price_data][currency]']).toBe('eur');
    return {
      client,
      lawyer,
      caseId,
      paymentId: row.id,
      sessionId,
      chatId: proposal.json().data.chatId as string,
      proposalId: proposal.json().data.id as string,
    };
  }

  function event(
    type: string,
    session: Record<string, unknown>,
    id = `evt_${randomBytes(12).toString('hex')}`,
  ) {
    return JSON.stringify({
      id,
      object: 'event',
      type,
      api_version: '2026-01-28.clover',
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      data: { object: { object: 'checkout.session', payment_status: 'paid', ...session } },
    });
  }

  const completedEvent = (sessionId: string, extra: Record<string, unknown> = {}, id?: string) =>
    event('checkout.session.completed', { id: sessionId, payment_intent: 'pi_test_paid', ...extra }, id);

  function deliver(
    payload: string,
    signature: string | null = signer.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
  ) {
    return t.app.inject({
      method: 'POST',
      url: '/api/payments/webhook',
      headers: {
        'content-type': 'application/json; charset=utf-8',
        ...(signature === null ? {} : { 'stripe-signature': signature }),
      },
      payload,
    });
  }

  const paymentRow = async (id: string) =>
    (await t.app.db.select().from(payments).where(eq(payments.id, id)))[0];
  const caseRow = async (id: string) => (await t.app.db.select().from(cases).where(eq(cases.id, id)))[0];
  const paidMessages = (chatId: string) =>
    t.app.db
      .select()
      .from(messages)
      .where(and(eq(messages.chatId, chatId), eq(messages.type, MESSAGE_TYPE.PROPOSAL_ACCEPTED)));

  it('a signed checkout.session.completed records the payment and activates the case, once', async () => {
    const checkout = await pendingCheckout(1234.5);
    const res = await deliver(completedEvent(checkout.sessionId));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { received: true, status: 'completed' } });

    expect(await paymentRow(checkout.paymentId)).toMatchObject({
      status: 'COMPLETADO',
      provider: 'stripe',
      providerPaymentId: 'pi_test_paid',
      amountCents: 123_450,
      feeCents: 12_345,
      completedAt: expect.any(Date),
    });
    expect(await caseRow(checkout.caseId)).toMatchObject({
      status: 'ACTIVO',
      lawyerId: checkout.lawyer.id,
      casePriceCents: 123_450,
      progressStep: 2,
      assignationDate: expect.any(Date),
    });
    const [proposal] = await t.app.db.select().from(proposals).where(eq(proposals.id, checkout.proposalId));
    expect(proposal?.status).toBe('PAGADA');
    const paid = await paidMessages(checkout.chatId);
    expect(paid).toHaveLength(1);
    expect(paid[0]?.text).toBe(es.caseMessages.paid(caseCode(checkout.caseId), formatEuros(1234.5)));
  });

  it('refuses a tampered event (400) and changes nothing', async () => {
    const checkout = await pendingCheckout();
    const payload = completedEvent(checkout.sessionId);
    const signature = signer.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    const tampered = payload.replace('"payment_status":"paid"', '"payment_status":"paid" ');
    const res = await deliver(tampered, signature);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: { code: 'INVALID_SIGNATURE', message: es.payment.webhookBadSignature },
    });
    expect((await paymentRow(checkout.paymentId))?.status).toBe('PENDIENTE');
    expect((await caseRow(checkout.caseId))?.status).toBe('PENDIENTE DE ASIGNACIÓN');
    const eventId = JSON.parse(payload).id as string;
    expect(await t.app.db.select().from(paymentEvents).where(eq(paymentEvents.id, eventId))).toHaveLength(0);
  });

  it('refuses an unsigned event, a garbage signature and one signed with another secret (400)', async () => {
    const checkout = await pendingCheckout();
    const payload = completedEvent(checkout.sessionId);

    const unsigned = await deliver(payload, null);
    expect(unsigned.statusCode).toBe(400);
    expect(unsigned.json()).toEqual({
      error: { code: 'INVALID_SIGNATURE', message: es.payment.webhookUnsigned },
    });

    const garbage = await deliver(payload, 't=123,v1=deadbeef');
    expect(garbage.statusCode).toBe(400);
    expect(garbage.json().error.message).toBe(es.payment.webhookBadSignature);

    const otherSecret = await deliver(
      payload,
      signer.generateTestHeaderString({ payload, secret: 'whsec_someone_else' }),
    );
    expect(otherSecret.statusCode).toBe(400);
    expect((await paymentRow(checkout.paymentId))?.status).toBe('PENDIENTE');
  });

  it('refuses a stale event (signed more than 300 s ago)', async () => {
    const checkout = await pendingCheckout();
    const payload = completedEvent(checkout.sessionId);
    const stale = signer.generateTestHeaderString({
      payload,
      secret: WEBHOOK_SECRET,
      timestamp: Math.floor(Date.now() / 1000) - 301,
    });
    const res = await deliver(payload, stale);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('INVALID_SIGNATURE');
    expect((await paymentRow(checkout.paymentId))?.status).toBe('PENDIENTE');

    // within the tolerance it is fine
    const recent = signer.generateTestHeaderString({
      payload,
      secret: WEBHOOK_SECRET,
      timestamp: Math.floor(Date.now() / 1000) - 200,
    });
    expect((await deliver(payload, recent)).json().data.status).toBe('completed');
  });

  it('the same event delivered 100 times at once records one payment and one message', async () => {
    const checkout = await pendingCheckout(300);
    const payload = completedEvent(checkout.sessionId);
    const answers = await Promise.all(Array.from({ length: 100 }, () => deliver(payload)));
    expect(answers.every((res) => res.statusCode === 200)).toBe(true);
    const statuses = answers.map((res) => res.json().data.status);
    expect(statuses.filter((s) => s === 'completed')).toHaveLength(1);
    expect(statuses.filter((s) => s === 'duplicate')).toHaveLength(99);

    const rows = await t.app.db.select().from(payments).where(eq(payments.caseId, checkout.caseId));
    expect(rows.map((row) => row.status)).toEqual(['COMPLETADO']);
    expect(await paidMessages(checkout.chatId)).toHaveLength(1);
    const eventId = JSON.parse(payload).id as string;
    expect(await t.app.db.select().from(paymentEvents).where(eq(paymentEvents.id, eventId))).toHaveLength(1);
  });

  it('two different events for one session (completed, then async succeeded) complete it once', async () => {
    const checkout = await pendingCheckout();
    expect((await deliver(completedEvent(checkout.sessionId))).json().data.status).toBe('completed');
    const again = await deliver(
      event('checkout.session.async_payment_succeeded', { id: checkout.sessionId }),
    );
    expect(again.json().data.status).toBe('duplicate');
    expect(await paidMessages(checkout.chatId)).toHaveLength(1);
  });

  it('out of order: an expiry arriving after the completion changes nothing', async () => {
    const checkout = await pendingCheckout();
    const completed = completedEvent(checkout.sessionId);
    const expired = event('checkout.session.expired', { id: checkout.sessionId, payment_status: 'unpaid' });
    expect((await deliver(completed)).json().data.status).toBe('completed');
    const late = await deliver(expired);
    expect(late.statusCode).toBe(200);
    expect(late.json().data.status).toBe('duplicate');
    expect((await paymentRow(checkout.paymentId))?.status).toBe('COMPLETADO');
    expect((await caseRow(checkout.caseId))?.status).toBe('ACTIVO');
  });

  it('two checkouts for one case: the first paid closes the other at Stripe; money still arriving for it is refunded, recorded and told', async () => {
    const first = await pendingCheckout(300);
    // a second lawyer's proposal on the same case, accepted too: two open checkouts
    const other = await createLawyer(t.app);
    const offer = await call(
      await signIn(t.app, other),
      `/api/proposal/create-proposal-to-case/${first.caseId}`,
      {
        price: 550,
        message: 'Yo también.',
      },
    );
    const clientToken = await signIn(t.app, first.client);
    expect(
      (await call(clientToken, `/api/proposal/accept-proposal/${offer.json().data.id}`)).statusCode,
    ).toBe(200);
    const [second] = await t.app.db
      .select()
      .from(payments)
      .where(and(eq(payments.caseId, first.caseId), eq(payments.lawyerId, other.id)));
    if (!second) throw new Error('no second checkout');

    expect((await deliver(completedEvent(first.sessionId))).json().data.status).toBe('completed');
    // the other checkout is cancelled here and expired at Stripe, so it can no longer be paid
    expect((await paymentRow(second.id))?.status).toBe('CANCELADO');
    expect(
      standIn.requests.some(
        (r) => r.method === 'POST' && r.path === `/v1/checkout/sessions/${second.providerSessionId}/expire`,
      ),
    ).toBe(true);

    // the client had paid it a moment before it expired: Stripe completes it, and it is given back
    const late = completedEvent(second.providerSessionId, { payment_intent: 'pi_test_second' });
    const res = await deliver(late);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.status).toBe('refunded');
    const refund = standIn.requests.find((r) => r.method === 'POST' && r.path === '/v1/refunds');
    expect(refund?.form).toMatchObject({ payment_intent: 'pi_test_second', amount: '55000' });
    expect(refund?.headers['idempotency-key']).toBe(`refund-${second.id}`);
    expect(await paymentRow(second.id)).toMatchObject({
      status: 'REEMBOLSADO',
      providerPaymentId: 'pi_test_second',
      providerRefundId: expect.stringMatching(/^re_/),
      refundedAt: expect.any(Date),
    });
    // in the administrators' audit log, by nobody: the platform gave it back on its own
    expect(
      await t.app.db
        .select({
          adminId: auditLog.adminId,
          action: auditLog.action,
          reason: auditLog.reason,
          details: auditLog.details,
        })
        .from(auditLog)
        .where(and(eq(auditLog.targetType, 'payment'), eq(auditLog.targetId, second.id))),
    ).toEqual([
      {
        adminId: null,
        action: 'payment.refund',
        reason: es.payment.lateRefundReason,
        details: { amount: 550, caseId: first.caseId, providerRefundId: expect.stringMatching(/^re_/) },
      },
    ]);
    // the case keeps its first payment and lawyer; the client's billing shows that one payment only
    expect(await caseRow(first.caseId)).toMatchObject({ status: 'ACTIVO', lawyerId: first.lawyer.id });
    const billing = await t.app.inject({
      method: 'GET',
      url: `/api/transaccion/getUserTransaccion/${first.client.id}`,
      headers: bearer(clientToken),
    });
    expect(billing.statusCode).toBe(200);
    expect(billing.json().data.map((row: { precioBruto: number }) => row.precioBruto)).toEqual([300]);
    // told in the chat with that lawyer (a client-only notice) and by mail
    const notices = await t.app.db
      .select()
      .from(messages)
      .where(and(eq(messages.caseId, first.caseId), eq(messages.type, MESSAGE_TYPE.CLIENT_NOTICE)));
    expect(notices.map((m) => m.text)).toEqual([
      es.caseMessages.refunded(caseCode(first.caseId), formatEuros(550)),
    ]);
    expect(notices[0]?.audience).toBe('USUARIO');
    // told as every refund is (docs/money.md, Refunds): in the app and by mail, once, with the amount
    const told = await t.app.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.caseId, first.caseId), eq(notifications.type, 'refund.issued')));
    expect(told.map((row) => [row.userId, row.amountCents])).toEqual([[first.client.id, 55_000]]);
    const mails = (await sentMails(t.app))
      .map((m) => readMail(m.raw))
      .filter((m) => m.subject?.startsWith('Te hemos devuelto'));
    expect(mails).toHaveLength(1);
    expect(mails[0]?.header('to')).toBe(first.client.mail);
    expect(mails[0]?.subject).toContain(formatEuros(550));
    expect(mails[0]?.parts.map((part) => part.contentType)).toEqual(['text/plain', 'text/html']);
    expect(mails[0]?.parts[0]?.body).toContain(formatEuros(550));

    // a replay, or Stripe's other event for that session, refunds nothing more
    expect((await deliver(late)).json().data.status).toBe('duplicate');
    const again = await deliver(
      event('checkout.session.async_payment_succeeded', {
        id: second.providerSessionId,
        payment_intent: 'pi_test_second',
      }),
    );
    expect(again.json().data.status).toBe('duplicate');
    expect(standIn.requests.filter((r) => r.path === '/v1/refunds')).toHaveLength(1);
    expect(await t.app.db.select().from(auditLog).where(eq(auditLog.targetId, second.id))).toHaveLength(1);
  });

  it('a refund Stripe refuses answers 503, so that Stripe delivers the event again and the refund is retried', async () => {
    const checkout = await pendingCheckout(120);
    expect(
      (await deliver(event('checkout.session.expired', { id: checkout.sessionId, payment_status: 'unpaid' })))
        .statusCode,
    ).toBe(200);
    standIn.respondWith((request) =>
      request.path === '/v1/refunds'
        ? standIn.stripeError(500, 'Stripe no responde', 'api_error')
        : undefined,
    );
    const late = completedEvent(checkout.sessionId, { payment_intent: 'pi_test_late' });
    try {
      expect((await deliver(late)).statusCode).toBe(503);
    } finally {
      standIn.respondWith(undefined);
    }
    expect((await paymentRow(checkout.paymentId))?.status).toBe('CANCELADO');
    const retried = await deliver(late);
    expect(retried.json().data.status).toBe('refunded');
    expect((await paymentRow(checkout.paymentId))?.status).toBe('REEMBOLSADO');
  });

  it('an expired checkout cancels the payment and the proposal may be accepted again', async () => {
    const checkout = await pendingCheckout();
    const res = await deliver(
      event('checkout.session.expired', { id: checkout.sessionId, payment_status: 'unpaid' }),
    );
    expect(res.json().data.status).toBe('cancelled');
    expect((await paymentRow(checkout.paymentId))?.status).toBe('CANCELADO');
    const [proposal] = await t.app.db.select().from(proposals).where(eq(proposals.id, checkout.proposalId));
    expect(proposal?.status).toBe('PENDIENTE');
    expect((await caseRow(checkout.caseId))?.status).toBe('PENDIENTE DE ASIGNACIÓN');
  });

  it('waits for a delayed payment method: unpaid completion first, async success later', async () => {
    const checkout = await pendingCheckout();
    const unpaid = await deliver(
      event('checkout.session.completed', {
        id: checkout.sessionId,
        payment_status: 'unpaid',
        payment_intent: 'pi_sepa',
      }),
    );
    expect(unpaid.json().data.status).toBe('ignored');
    expect((await paymentRow(checkout.paymentId))?.status).toBe('PENDIENTE');
    const succeeded = await deliver(
      event('checkout.session.async_payment_succeeded', {
        id: checkout.sessionId,
        payment_intent: 'pi_sepa',
      }),
    );
    expect(succeeded.json().data.status).toBe('completed');
    expect(await paymentRow(checkout.paymentId)).toMatchObject({
      status: 'COMPLETADO',
      providerPaymentId: 'pi_sepa',
    });
  });

  it('the webhook and the success redirect confirming at once record one payment', async () => {
    const checkout = await pendingCheckout(99.99);
    const payload = completedEvent(checkout.sessionId);
    const results = await Promise.all([
      deliver(payload).then((res) => res.json().data.status as string),
      t.app.payments
        .complete({ provider: 'stripe', sessionId: checkout.sessionId })
        .then((r) => r.status as string),
      deliver(payload).then((res) => res.json().data.status as string),
      t.app.payments
        .complete({ provider: 'stripe', sessionId: checkout.sessionId })
        .then((r) => r.status as string),
    ]);
    expect(results.filter((status) => status === 'completed')).toHaveLength(1);
    expect(results.every((status) => status === 'completed' || status === 'duplicate')).toBe(true);
    const rows = await t.app.db.select().from(payments).where(eq(payments.caseId, checkout.caseId));
    expect(rows.map((row) => [row.status, row.amountCents])).toEqual([['COMPLETADO', 9999]]);
    expect(await paidMessages(checkout.chatId)).toHaveLength(1);
  });

  it('answers 200 to events it does not act on', async () => {
    const unknownSession = await deliver(completedEvent('cs_test_not_ours'));
    expect(unknownSession.json().data.status).toBe('unknown');
    const other = await deliver(event('customer.created', { id: 'cus_123', object: 'customer' }));
    expect(other.json().data.status).toBe('ignored');
  });
});

describe('stripe webhook without Stripe configured', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t.close());

  it('answers 503 with a Spanish message', async () => {
    const payload = JSON.stringify({ id: 'evt_1', type: 'checkout.session.completed', data: { object: {} } });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/payments/webhook',
      headers: {
        'content-type': 'application/json',
        'stripe-signature': signer.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
      },
      payload,
    });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({
      error: { code: 'SERVICE_UNAVAILABLE', message: es.payment.stripeNotConfigured },
    });
  });
});
