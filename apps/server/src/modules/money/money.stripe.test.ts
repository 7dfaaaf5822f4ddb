import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/app.ts';
import { createFiscalProfile } from '../../../test/factories.ts';
import { moneyHelpers, type Person } from '../../../test/money.ts';
import { type StripeStandIn, startStripeStandIn } from '../../../test/stripe-stand-in.ts';
import { disputes, notifications, payments, proposals, refunds, transfers } from '../../db/schema/index.ts';

type TestApp = Awaited<ReturnType<typeof buildTestApp>>;

const WEBHOOK_SECRET = 'whsec_l4l_money_test';
const signer = new Stripe('sk_test_signer').webhooks;

/**
 * The money flow with the Stripe provider (docs/money.md): the official SDK against the local stand-in,
 * checking what it sent (Connect accounts and links, transfers with their group and idempotency key,
 * reversals, refunds, checkout expiry), and the webhook events signed with the SDK's test helper.
 */
describe('money with Stripe', () => {
  let t: TestApp;
  let standIn: StripeStandIn;
  let admin: Person;
  let client: Person;
  const h = moneyHelpers(() => t);

  beforeAll(async () => {
    standIn = await startStripeStandIn();
    t = await buildTestApp(
      {},
      {
        STRIPE_SECRET_KEY: 'sk_test_l4l',
        STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
        STRIPE_API_BASE: standIn.apiBase,
      },
      { money: { sweepIntervalMs: 0 } },
    );
    admin = await h.person('admin');
    client = await h.person('client');
    await createFiscalProfile(t.app, client.id);
  });
  afterAll(async () => {
    await t.close();
    await standIn.close();
  });
  afterEach(() => h.expectBalanced(admin));

  function deliver(
    type: string,
    object: Record<string, unknown>,
    id = `evt_${randomBytes(12).toString('hex')}`,
  ) {
    const payload = JSON.stringify({
      id,
      object: 'event',
      type,
      api_version: '2026-01-28.clover',
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      data: { object },
    });
    return t.app.inject({
      method: 'POST',
      url: '/api/payments/webhook',
      headers: {
        'content-type': 'application/json; charset=utf-8',
        'stripe-signature': signer.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
      },
      payload,
    });
  }

  /** A case paid through Stripe's webhook: its ids and its PaymentIntent. */
  async function paidCase(lawyer: Person, price: number) {
    const checkout = await h.accepted(client, lawyer, admin, price);
    const paymentIntent = `pi_test_${randomBytes(8).toString('hex')}`;
    const paid = await deliver('checkout.session.completed', {
      object: 'checkout.session',
      id: checkout.sessionId,
      payment_status: 'paid',
      payment_intent: paymentIntent,
    });
    expect(paid.json().data.status).toBe('completed');
    return { ...checkout, paymentIntent };
  }

  /** A lawyer whose Express account Stripe has enabled (`account.updated`). */
  async function enabledLawyer() {
    const lawyer = await h.person('lawyer');
    const link = await t.app.inject({
      method: 'POST',
      url: '/api/payouts/account/onboarding',
      headers: lawyer.headers,
    });
    expect(link.statusCode, link.body).toBe(200);
    const accountId = (link.json().data.url as string).split('/').pop() as string;
    const created = standIn.requests.find(
      (r) => r.path === '/v1/accounts' && r.form['metadata[lawyerId]'] === lawyer.id,
    );
    expect(created?.form).toMatchObject({
      type: 'express',
      country: 'ES',
      'capabilities[transfers][requested]': 'true',
    });
    expect(created?.headers['idempotency-key']).toBe(`account-${lawyer.id}`);
    expect((await h.get(lawyer, '/api/payouts/account')).data).toEqual({
      status: 'pending',
      provider: 'stripe',
      holder: null,
      bankLast4: null,
      enabledAt: null,
    });
    const eventId = `evt_${randomBytes(12).toString('hex')}`;
    const enabled = {
      object: 'account',
      id: accountId,
      payouts_enabled: true,
      capabilities: { transfers: 'active' },
      // the platform controls the Express account, so Stripe tells its bank account (never the number)
      external_accounts: {
        object: 'list',
        data: [{ object: 'bank_account', id: 'ba_1', account_holder_name: 'Lucía García', last4: '1332' }],
      },
    };
    expect((await deliver('account.updated', enabled, eventId)).json().data.status).toBe('updated');
    expect((await deliver('account.updated', enabled, eventId)).json().data.status).toBe('duplicate');
    expect((await h.get(lawyer, '/api/payouts/account')).data).toMatchObject({
      status: 'enabled',
      holder: 'Lucía García',
      bankLast4: '1332',
    });
    return { lawyer, accountId };
  }

  const transferOf = async (caseId: string) =>
    (await t.app.db.select().from(transfers).where(eq(transfers.caseId, caseId)))[0];

  it("reviews an enabled account in Stripe's Express dashboard: a login link, not a 409", async () => {
    const { lawyer, accountId } = await enabledLawyer();
    const review = await t.app.inject({
      method: 'POST',
      url: '/api/payouts/account/onboarding',
      headers: lawyer.headers,
    });
    expect(review.statusCode, review.body).toBe(200);
    expect(review.json().data.url).toBe(`https://connect.stripe.com/express/${accountId}`);
    expect(standIn.requests.some((r) => r.path === `/v1/accounts/${accountId}/login_links`)).toBe(true);
  });

  it('opens checkouts that expire in 30 minutes; checkout.session.expired frees the proposal', async () => {
    const lawyer = await h.person('lawyer');
    const before = Math.floor(Date.now() / 1000);
    const checkout = await h.accepted(client, lawyer, admin, 90);
    const sent = standIn.requests.filter((r) => r.path === '/v1/checkout/sessions').at(-1);
    const expiresAt = Number(sent?.form.expires_at);
    expect(expiresAt).toBeGreaterThanOrEqual(before + 30 * 60);
    expect(expiresAt).toBeLessThanOrEqual(Math.floor(Date.now() / 1000) + 30 * 60);
    const expired = await deliver('checkout.session.expired', {
      object: 'checkout.session',
      id: checkout.sessionId,
    });
    expect(expired.json().data.status).toBe('cancelled');
    const [proposal] = await t.app.db.select().from(proposals).where(eq(proposals.id, checkout.proposalId));
    expect(proposal?.status).toBe('PENDIENTE');
  });

  it('transfers once to the Express account with the case as group and key; a full refund reverses it first', async () => {
    const { lawyer, accountId } = await enabledLawyer();
    const { caseId, paymentIntent } = await paidCase(lawyer, 500);
    await h.requestClosure(lawyer, caseId);
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => h.confirmClosure(client, lawyer, caseId)),
    );
    expect(answers.filter((res) => res.statusCode === 200)).toHaveLength(1);
    await expect.poll(async () => (await transferOf(caseId))?.status).toBe('ENVIADA');
    await t.app.money.sendTransfer({ caseId: caseId, consultationId: null });
    await t.app.money.sweep();
    const sent = standIn.requests.filter((r) => r.path === '/v1/transfers');
    const ours = sent.filter((r) => r.form.transfer_group === caseId);
    expect(ours).toHaveLength(1);
    expect(ours[0]?.form).toMatchObject({ amount: '43950', currency: 'eur', destination: accountId });
    expect(ours[0]?.headers['idempotency-key']).toBe(`transfer-${caseId}`);

    const [payment] = await t.app.db.select().from(payments).where(eq(payments.caseId, caseId));
    const refund = await t.app.inject({
      method: 'POST',
      url: `/api/admin/payments/${payment?.id}/refund`,
      headers: admin.headers,
      payload: { reason: 'Devolución completa acordada.' },
    });
    expect(refund.statusCode, refund.body).toBe(200);
    const transfer = await transferOf(caseId);
    expect(transfer).toMatchObject({ status: 'REVERTIDA', reversedCents: 43_950 });
    const reversal = standIn.requests.find(
      (r) => r.path === `/v1/transfers/${transfer?.providerTransferId}/reversals`,
    );
    expect(reversal?.form.amount).toBe('43950');
    const refundCall = standIn.requests.filter((r) => r.path === '/v1/refunds').at(-1);
    expect(refundCall?.form).toMatchObject({ payment_intent: paymentIntent, amount: '50000' });
    // the reversal went before the refund
    expect(standIn.requests.indexOf(reversal as never)).toBeLessThan(
      standIn.requests.indexOf(refundCall as never),
    );

    // Stripe's own charge.refunded and transfer.reversed for what we did change nothing
    const [row] = await t.app.db
      .select()
      .from(refunds)
      .where(eq(refunds.paymentId, payment?.id as string));
    const charge = {
      object: 'charge',
      id: 'ch_test_1',
      payment_intent: paymentIntent,
      amount_refunded: 50_000,
      refunds: { object: 'list', data: [{ id: row?.providerRefundId }] },
    };
    expect((await deliver('charge.refunded', charge)).json().data.status).toBe('duplicate');
    const reversed = { object: 'transfer', id: transfer?.providerTransferId, amount_reversed: 43_950 };
    expect((await deliver('transfer.reversed', reversed)).json().data.status).toBe('duplicate');
  });

  /** A case paid, closed and transferred to an enabled lawyer's Express account: its transfer row. */
  async function transferredCase(price: number) {
    const { lawyer } = await enabledLawyer();
    const paid = await paidCase(lawyer, price);
    await h.requestClosure(lawyer, paid.caseId);
    expect((await h.confirmClosure(client, lawyer, paid.caseId)).statusCode).toBe(200);
    await expect.poll(async () => (await transferOf(paid.caseId))?.status).toBe('ENVIADA');
    const transfer = await transferOf(paid.caseId);
    return { lawyer, ...paid, transfer: transfer as NonNullable<typeof transfer> };
  }

  /** Someone reverses a transfer in Stripe's dashboard: the SDK's own call, made outside L4L. */
  async function reverseInDashboard(transferId: string, amount: number) {
    const dashboard = new Stripe('sk_test_dashboard', { ...standIn.endpoint, telemetry: false });
    await dashboard.transfers.createReversal(transferId, { amount });
    const reversed = standIn.transfers.get(transferId);
    return {
      object: 'transfer',
      id: transferId,
      amount: reversed?.amount,
      amount_reversed: reversed?.amount_reversed,
      reversed: reversed?.reversed,
    };
  }

  const told = async (userId: string) =>
    t.app.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, userId), eq(notifications.type, 'payout.reversed')));

  it('a transfer reversed outside L4L is recorded once, shown as reversed, and told to the lawyer and the admins', async () => {
    const { lawyer, caseId, transfer } = await transferredCase(300);
    const providerId = transfer.providerTransferId as string;
    const event = await reverseInDashboard(providerId, 10_000);
    const eventId = `evt_${randomBytes(12).toString('hex')}`;
    expect((await deliver('transfer.reversed', event, eventId)).json().data.status).toBe('reversed');
    // the same event again, and another event with the same total, change nothing
    expect((await deliver('transfer.reversed', event, eventId)).json().data.status).toBe('duplicate');
    expect((await deliver('transfer.reversed', event)).json().data.status).toBe('duplicate');
    expect(await transferOf(caseId)).toMatchObject({
      status: 'ENVIADA',
      reversedCents: 10_000,
      reversedOutsideCents: 10_000,
    });
    const list = await h.get(lawyer, '/api/payouts/transfers');
    // 300 € less the fee (30 €) and its IVA (6,30 €) was sent: 263,70 €, of which 100 € came back
    expect(list.data[0]).toMatchObject({
      caseId,
      amount: 163.7,
      sent: 263.7,
      reversed: 100,
      status: 'ENVIADA',
    });
    expect((await h.get(lawyer, '/api/payouts/balance')).data).toEqual({
      held: 0,
      available: 0,
      paidOut: 163.7,
    });
    expect(await told(lawyer.id)).toHaveLength(1);
    expect(await told(admin.id)).toHaveLength(1);
    const check = await h.expectBalanced(admin);
    expect(check.totals.accounts.unreconciled).toBe(-100);

    // the rest reversed outside too, told by several deliveries at once: recorded once
    const whole = await reverseInDashboard(providerId, 16_370);
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => deliver('transfer.reversed', whole).then((res) => res.json())),
    );
    expect(answers.filter((answer) => answer.data.status === 'reversed')).toHaveLength(1);
    expect(await transferOf(caseId)).toMatchObject({
      status: 'REVERTIDA',
      reversedCents: 26_370,
      reversedOutsideCents: 26_370,
    });
    expect((await h.get(lawyer, '/api/payouts/transfers')).data[0]).toMatchObject({
      amount: 0,
      reversed: 263.7,
      status: 'REVERTIDA',
    });
    const [payment] = await t.app.db.select().from(payments).where(eq(payments.caseId, caseId));
    const pagos = await h.get(admin, `/api/admin/payments?page=1&pageSize=100`);
    expect(pagos.data.find((row: { id: string }) => row.id === payment?.id)).toMatchObject({
      transferStatus: 'REVERTIDA',
      transferReversed: 263.7,
      transferUnreconciled: 263.7,
    });
    expect(await told(lawyer.id)).toHaveLength(2);
    expect((await h.expectBalanced(admin)).totals.accounts.unreconciled).toBe(-263.7);
  });

  it('a refund after a reversal outside L4L uses the reversed money first and reverses only the rest', async () => {
    const { caseId, transfer, paymentIntent } = await transferredCase(300);
    const providerId = transfer.providerTransferId as string;
    const event = await reverseInDashboard(providerId, 10_000);
    expect((await deliver('transfer.reversed', event)).json().data.status).toBe('reversed');
    const [payment] = await t.app.db.select().from(payments).where(eq(payments.caseId, caseId));
    const refund = await t.app.inject({
      method: 'POST',
      url: `/api/admin/payments/${payment?.id}/refund`,
      headers: admin.headers,
      payload: { reason: 'Devolución completa tras la reversión.' },
    });
    expect(refund.statusCode, refund.body).toBe(200);
    // only the 163,70 € the lawyer still had are reversed by L4L; the client gets the 300 € back
    const ours = standIn.requests.filter((r) => r.path === `/v1/transfers/${providerId}/reversals`);
    expect(ours.map((r) => r.form.amount)).toEqual(['10000', '16370']);
    const refundCall = standIn.requests.filter((r) => r.path === '/v1/refunds').at(-1);
    expect(refundCall?.form).toMatchObject({ payment_intent: paymentIntent, amount: '30000' });
    expect(await transferOf(caseId)).toMatchObject({
      status: 'REVERTIDA',
      reversedCents: 26_370,
      reversedOutsideCents: 0,
    });
    // Stripe's own event for the whole reversal is known
    const after = { ...event, amount_reversed: 26_370, reversed: true };
    expect((await deliver('transfer.reversed', after)).json().data.status).toBe('duplicate');
  });

  it('a card dispute holds the transfer; won, the lawyer is paid', async () => {
    const { lawyer } = await enabledLawyer();
    const { caseId, paymentIntent } = await paidCase(lawyer, 200);
    const opened = {
      object: 'dispute',
      id: 'dp_test_won',
      payment_intent: paymentIntent,
      reason: 'fraudulent',
      amount: 20_000,
      status: 'needs_response',
    };
    expect((await deliver('charge.dispute.created', opened)).json().data.status).toBe('opened');
    expect((await deliver('charge.dispute.created', opened)).json().data.status).toBe('duplicate');
    await h.requestClosure(lawyer, caseId);
    expect((await h.confirmClosure(client, lawyer, caseId)).statusCode).toBe(200);
    await t.app.money.sweep();
    expect((await transferOf(caseId))?.status).toBe('PENDIENTE');
    const closed = await deliver('charge.dispute.closed', { ...opened, status: 'won' });
    expect(closed.json().data.status).toBe('resolved');
    await expect.poll(async () => (await transferOf(caseId))?.status).toBe('ENVIADA');
    const [row] = await t.app.db
      .select()
      .from(disputes)
      .where(and(eq(disputes.caseId, caseId)));
    expect(row).toMatchObject({ status: 'resolved', outcome: 'release', source: 'provider' });
  });

  it('a lost card dispute is recorded as a refund the provider made; a dashboard refund is recorded too', async () => {
    const lawyer = await h.person('lawyer');
    const lost = await paidCase(lawyer, 120);
    const opened = {
      object: 'dispute',
      id: 'dp_test_lost',
      payment_intent: lost.paymentIntent,
      reason: 'product_not_received',
      amount: 12_000,
      status: 'needs_response',
    };
    await deliver('charge.dispute.created', opened);
    expect((await deliver('charge.dispute.closed', { ...opened, status: 'lost' })).json().data.status).toBe(
      'resolved',
    );
    const [payment] = await t.app.db.select().from(payments).where(eq(payments.caseId, lost.caseId));
    expect(payment).toMatchObject({ status: 'REEMBOLSADO', refundedCents: 12_000 });
    // no refund asked of Stripe: the bank took it back
    expect(
      standIn.requests.filter(
        (r) => r.path === '/v1/refunds' && r.form.payment_intent === lost.paymentIntent,
      ),
    ).toHaveLength(0);

    const other = await paidCase(lawyer, 80);
    const charge = {
      object: 'charge',
      id: 'ch_test_2',
      payment_intent: other.paymentIntent,
      amount_refunded: 3_000,
      refunds: { object: 'list', data: [{ id: 're_test_dashboard' }] },
    };
    expect((await deliver('charge.refunded', charge)).json().data.status).toBe('refunded');
    expect((await deliver('charge.refunded', charge)).json().data.status).toBe('duplicate');
    const [partly] = await t.app.db.select().from(payments).where(eq(payments.caseId, other.caseId));
    expect(partly).toMatchObject({ status: 'COMPLETADO', refundedCents: 3_000 });
  });
});
