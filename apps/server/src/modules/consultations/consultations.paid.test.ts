import { formatEuros } from '@l4l/shared/format';
import { consultationsEs as t } from '@l4l/shared/texts/consultations';
import { and, eq } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFiscalProfile } from '../../../test/factories.ts';
import {
  consultations,
  invoices,
  ledgerEntries,
  notifications,
  payments,
  refunds,
  transfers,
} from '../../db/schema/index.ts';
import { consultationsWorld, PLAN, START_CLOCK } from './consultations.world.ts';

/**
 * docs/money.md, First consultations: a paid first visit goes through the case's checkout (the sandbox
 * here), is RESERVADA once paid with its charge and invoices, is refunded through the one refund path by
 * the 24-hour rule, is released to the lawyer after its end by the money's sweep, and an unpaid checkout
 * that expires frees the slot. On PGlite, and on PostgreSQL with DATABASE_URL.
 */

let w: Awaited<ReturnType<typeof consultationsWorld>>;
let ctx: typeof w.ctx;
let call: typeof w.call;

const PRICE_CENTS = 4000;

beforeAll(async () => {
  w = await consultationsWorld();
  ({ ctx, call } = w);
  expect((await call('PUT', '/api/lawyers/availability', 'paidLawyer', PLAN)).statusCode).toBe(200);
  // the lawyer invoices through L4L: both invoices of each payment are issued
  await createFiscalProfile(ctx.app, w.paidLawyer.id, { nif: '12345678Z', invoicingConsent: true });
}, 60_000);
afterAll(async () => ctx?.close());

const bookPaid = (who: string, start: string) =>
  call('POST', '/api/consultations', who, { lawyerId: w.paidLawyer.id, start, mode: 'video' });

/** The sandbox session of a checkout URL (its last path segment). */
const sessionOf = (url: string) => url.split('/').at(-1) ?? '';

async function payAs(who: string, paymentUrl: string) {
  return ctx.app.inject({
    method: 'POST',
    url: `/payment/sandbox/${sessionOf(paymentUrl)}/pay`,
    headers: w.as[who],
  });
}

async function paymentOf(consultationId: string) {
  const [row] = await ctx.app.db.select().from(payments).where(eq(payments.consultationId, consultationId));
  return row;
}

async function bookAndPay(start: string) {
  const booked = await bookPaid('client', start);
  expect(booked.statusCode, booked.body).toBe(200);
  const { id, paymentUrl } = booked.json().data;
  expect((await payAs('client', paymentUrl)).statusCode).toBe(303);
  return id as string;
}

async function expectLedgerBalanced() {
  const check = await ctx.app.money.ledgerCheck();
  expect(check.problems).toEqual([]);
  expect(check.balanced).toBe(true);
}

describe('a paid first consultation', () => {
  it('is offered bookable, booked PENDIENTE_PAGO with the checkout, and holds its slot meanwhile', async () => {
    const slots = await call(
      'GET',
      `/api/lawyers/${w.paidLawyer.id}/slots?from=2026-03-23&to=2026-03-23`,
      'client',
    );
    expect(slots.json().data).toMatchObject({ price: 40, free: false, bookable: true });
    const res = await bookPaid('client', '2026-03-23T10:00:00+01:00');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      id: expect.any(String),
      status: 'PENDIENTE_PAGO',
      start: '2026-03-23T10:00:00+01:00',
      end: '2026-03-23T11:00:00+01:00',
      mode: 'video',
      price: 40,
      paymentUrl: expect.stringMatching(/\/payment\/sandbox\/sbx_/),
    });
    const payment = await paymentOf(res.json().data.id);
    expect(payment).toMatchObject({
      caseId: null,
      proposalId: null,
      status: 'PENDIENTE',
      amountCents: PRICE_CENTS,
      feeCents: 400,
      userId: w.client.id,
      lawyerId: w.paidLawyer.id,
    });
    expect((await bookPaid('other', '2026-03-23T10:00:00+01:00')).statusCode).toBe(409);
    const detail = await call('GET', `/api/consultations/${res.json().data.id}`, 'client');
    expect(detail.json().data).toMatchObject({
      status: 'PENDIENTE_PAGO',
      paymentUrl: res.json().data.paymentUrl,
    });
  });

  it('lets exactly one of two simultaneous paid bookings of a slot succeed', async () => {
    const start = '2026-03-24T11:00:00+01:00';
    const results = await Promise.all([bookPaid('client', start), bookPaid('other', start)]);
    expect(results.map((res) => res.statusCode).sort()).toEqual([200, 409]);
    const held = await ctx.app.db
      .select()
      .from(consultations)
      .where(and(eq(consultations.lawyerId, w.paidLawyer.id), eq(consultations.startAt, new Date(start))));
    expect(held.filter((row) => row.status !== 'CANCELADA')).toHaveLength(1);
  });

  it('is RESERVADA once paid in the sandbox, with its charge held and its two invoices', async () => {
    const id = await bookAndPay('2026-03-25T10:00:00+01:00');
    const detail = await call('GET', `/api/consultations/${id}`, 'client');
    expect(detail.json().data).toMatchObject({ status: 'RESERVADA', price: 40 });
    expect(detail.json().data.paymentUrl).toBeUndefined();
    const payment = await paymentOf(id);
    expect(payment?.status).toBe('COMPLETADO');
    const legs = await ctx.app.db.select().from(ledgerEntries).where(eq(ledgerEntries.consultationId, id));
    expect(legs.map((leg) => [leg.kind, leg.account, leg.amountCents]).sort()).toEqual([
      ['charge', 'client_funds', -PRICE_CENTS],
      ['charge', 'provider_balance', PRICE_CENTS],
    ]);
    const issued = await ctx.app.db.select().from(invoices).where(eq(invoices.consultationId, id));
    expect(issued.map((invoice) => [invoice.kind, invoice.totalCents]).sort()).toEqual([
      ['fee', 484],
      ['service', PRICE_CENTS],
    ]);
    expect(issued.every((invoice) => invoice.caseId === null && invoice.paymentId === payment?.id)).toBe(
      true,
    );
    expect(issued.find((invoice) => invoice.kind === 'service')?.lines[0]?.description).toContain(
      'primera consulta',
    );
    await expectLedgerBalanced();
    // the administrators' Pagos lists it as a first consultation's, not a case's
    const pagos = await call('GET', '/api/admin/payments?pageSize=100', 'admin');
    expect(pagos.statusCode).toBe(200);
    expect(pagos.json().data.find((row: { id: string }) => row.id === payment?.id)).toMatchObject({
      caseId: null,
      caseCode: null,
      consultationId: id,
      consultationStart: '2026-03-25T09:00:00.000Z',
      status: 'COMPLETADO',
      amount: 40,
    });
    // paying again changes nothing
    expect((await payAs('client', payment?.providerSessionId ?? '')).statusCode).toBe(303);
    expect(await ctx.app.db.select().from(invoices).where(eq(invoices.consultationId, id))).toHaveLength(2);
  });

  it('is refunded in full, with its rectifying invoices, when the client cancels at least 24 h before', async () => {
    const id = await bookAndPay('2026-03-27T10:00:00+01:00');
    const res = await call('POST', `/api/consultations/${id}/cancel`, 'client', {
      reason: 'Ya no la necesito',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'CANCELADA', refunded: 40, cancelledBy: 'client' });
    const payment = await paymentOf(id);
    expect(payment).toMatchObject({ status: 'REEMBOLSADO', refundedCents: PRICE_CENTS });
    const back = await ctx.app.db.select().from(refunds).where(eq(refunds.consultationId, id));
    expect(back.map((row) => row.amountCents)).toEqual([PRICE_CENTS]);
    const issued = await ctx.app.db.select().from(invoices).where(eq(invoices.consultationId, id));
    expect(
      issued
        .filter((invoice) => invoice.kind === 'rectifying')
        .map((r) => r.totalCents)
        .sort(),
    ).toEqual([-PRICE_CENTS, -484]);
    await expectLedgerBalanced();
    // both parties read that the price went back
    for (const userId of [w.client.id, w.paidLawyer.id]) {
      const told = await ctx.app.db
        .select({ body: notifications.body })
        .from(notifications)
        .where(and(eq(notifications.userId, userId), eq(notifications.type, 'consultation.cancelled')));
      expect(told.map((row) => row.body).join('\n')).toContain(t.notification.refunded(formatEuros(40)));
    }
    // the slot is free again
    const slots = await call(
      'GET',
      `/api/lawyers/${w.paidLawyer.id}/slots?from=2026-03-27&to=2026-03-27`,
      'client',
    );
    expect(slots.json().data.slots.map((slot: { start: string }) => slot.start)).toContain(
      '2026-03-27T10:00:00+01:00',
    );
  });

  it('tells both parties when an administrator refunds it from Pagos, with the amount and the reason', async () => {
    const id = await bookAndPay('2026-04-03T10:00:00+02:00');
    const payment = await paymentOf(id);
    const res = await call('POST', `/api/admin/payments/${payment?.id}/refund`, 'admin', {
      amount: 15,
      reason: 'La videollamada falló',
    });
    expect(res.statusCode).toBe(200);
    expect(await paymentOf(id)).toMatchObject({ refundedCents: 1500 });
    for (const [userId, type] of [
      [w.client.id, 'refund.issued'],
      [w.paidLawyer.id, 'payout.reversed'],
    ] as const) {
      const told = await ctx.app.db
        .select({ body: notifications.body, link: notifications.link })
        .from(notifications)
        .where(and(eq(notifications.userId, userId), eq(notifications.type, type)));
      expect(told).toHaveLength(1);
      expect(told[0]?.body).toContain(formatEuros(15));
      expect(told[0]?.body).toContain('La videollamada falló');
      expect(told[0]?.link).toContain(id);
    }
    await expectLedgerBalanced();
  });

  it('is refunded in full when the lawyer cancels, however late', async () => {
    const id = await bookAndPay('2026-03-30T10:00:00+02:00');
    w.setClock(new Date('2026-03-30T07:00:00Z')); // an hour before
    const res = await call('POST', `/api/consultations/${id}/cancel`, 'paidLawyer', {});
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'CANCELADA', refunded: 40, cancelledBy: 'lawyer' });
    expect((await call('GET', `/api/consultations/${id}`, 'client')).json().data.refunded).toBe(40);
    expect(await paymentOf(id)).toMatchObject({ status: 'REEMBOLSADO', refundedCents: PRICE_CENTS });
    await expectLedgerBalanced();
    w.setClock(START_CLOCK);
  });

  it('keeps the price for the lawyer when the client cancels later, released with the held ones after the end', async () => {
    const late = await bookAndPay('2026-03-31T10:00:00+02:00');
    const held = await bookAndPay('2026-03-31T11:00:00+02:00');
    w.setClock(new Date('2026-03-30T10:00:00Z')); // the day before, less than 24 h ahead
    const res = await call('POST', `/api/consultations/${late}/cancel`, 'client', {});
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'CANCELADA', refunded: 0 });
    expect(await paymentOf(late)).toMatchObject({ status: 'COMPLETADO', refundedCents: 0 });
    // nothing is released before the end: only the one of the 25th, which has ended
    expect((await ctx.app.money.sweep()).released).toBe(1);
    w.setClock(new Date('2026-03-31T10:00:00Z')); // 12:00 in Madrid: both have ended
    expect((await ctx.app.money.sweep()).released).toBe(2);
    expect((await ctx.app.money.sweep()).released).toBe(0);
    for (const id of [late, held]) {
      const [transfer] = await ctx.app.db.select().from(transfers).where(eq(transfers.consultationId, id));
      // 40 € less the fee (4 €) and its IVA (0,84 €)
      expect(transfer).toMatchObject({
        caseId: null,
        status: 'PENDIENTE',
        amountCents: 3516,
        transferGroup: id,
      });
    }
    await expectLedgerBalanced();
    const balance = await call('GET', '/api/payouts/balance', 'paidLawyer');
    expect(balance.json().data.available).toBeGreaterThanOrEqual(70.32);
    w.setClock(START_CLOCK);
  });

  it('is in the client’s data export with its payment, price and refund', async () => {
    const res = await call('GET', '/api/me/export', 'client');
    expect(res.statusCode).toBe(200);
    const data = JSON.parse(
      new TextDecoder().decode(unzipSync(new Uint8Array(res.rawPayload))['datos.json']),
    );
    const refunded = data.consultations.find(
      (row: { start: string; status: string }) =>
        row.status === 'CANCELADA' && new Date(row.start).toISOString() === '2026-03-27T09:00:00.000Z',
    );
    expect(refunded).toMatchObject({ priceCents: PRICE_CENTS, refundedCents: PRICE_CENTS });
    const payment = data.payments.find((row: { id: string }) => row.id === refunded.paymentId);
    expect(payment).toMatchObject({ caseId: null, consultationId: refunded.id, status: 'REEMBOLSADO' });
  });

  it('is its two parties’ only: 404 for anyone else, and its checkout too', async () => {
    const booked = await bookPaid('client', '2026-04-01T10:00:00+02:00');
    const { id, paymentUrl } = booked.json().data;
    for (const who of ['other', 'admin', 'lawyer']) {
      expect((await call('GET', `/api/consultations/${id}`, who)).statusCode).toBe(404);
      expect((await call('POST', `/api/consultations/${id}/cancel`, who, {})).statusCode).toBe(404);
    }
    expect((await payAs('other', paymentUrl)).statusCode).toBe(404);
    const page = await ctx.app.inject({
      method: 'GET',
      url: `/payment/sandbox/${sessionOf(paymentUrl)}`,
      headers: w.as.client,
    });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Primera consulta');
  });

  it('frees its slot when the unpaid checkout expires (CANCELADA), and a cancelled unpaid one closes its checkout', async () => {
    const booked = await bookPaid('client', '2026-04-02T10:00:00+02:00');
    const { id } = booked.json().data;
    // the sandbox expires checkouts opened more than 30 minutes before the sweep's clock
    w.setClock(new Date(Date.now() + 31 * 60_000));
    expect((await ctx.app.money.sweep()).expired).toBeGreaterThanOrEqual(1);
    w.setClock(START_CLOCK);
    expect((await call('GET', `/api/consultations/${id}`, 'client')).json().data.status).toBe('CANCELADA');
    expect((await paymentOf(id))?.status).toBe('CANCELADO');
    expect((await bookPaid('other', '2026-04-02T10:00:00+02:00')).statusCode).toBe(200);

    const second = await bookPaid('client', '2026-04-02T11:00:00+02:00');
    const cancel = await call('POST', `/api/consultations/${second.json().data.id}/cancel`, 'client', {});
    expect(cancel.json().data).toMatchObject({ status: 'CANCELADA', refunded: 0 });
    expect((await paymentOf(second.json().data.id))?.status).toBe('CANCELADO');
    w.setClock(START_CLOCK);
  });

  it('answers the message of the taken slot when the slot went meanwhile', async () => {
    const res = await bookPaid('other', '2026-04-02T10:00:00+02:00');
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(t.errors.taken);
  });
});
