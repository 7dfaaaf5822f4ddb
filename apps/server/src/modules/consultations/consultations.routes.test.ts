import { consultationsEs as t } from '@l4l/shared/texts/consultations';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consultations } from '../../db/schema/index.ts';
import { consultationsWorld, PLAN } from './consultations.world.ts';

/**
 * docs/api/http.md, First consultations: the availability and its refusals, slots across both
 * daylight-saving changes, booking and its refusals, and the race for one slot (on PGlite, and on
 * PostgreSQL with DATABASE_URL). The parties' side: consultations.parties.test.ts.
 */

let w: Awaited<ReturnType<typeof consultationsWorld>>;
let ctx: typeof w.ctx;
let lawyer: typeof w.lawyer;
let client: typeof w.client;
let call: typeof w.call;
let book: typeof w.book;
const plan = PLAN;

beforeAll(async () => {
  w = await consultationsWorld();
  ({ ctx, lawyer, client, call, book } = w);
}, 60_000);
afterAll(async () => ctx?.close());

/** The starts of the free slots a slots answer lists. */
const startsOf = (res: Awaited<ReturnType<typeof call>>): string[] =>
  res.json().data.slots.map((slot: { start: string }) => slot.start);

describe('availability', () => {
  it('is the lawyer’s own: saved whole and read back; other roles 403, anonymous 401', async () => {
    expect((await call('GET', '/api/lawyers/availability', 'lawyer')).json().data.weekly).toEqual([]);
    const saved = await call('PUT', '/api/lawyers/availability', 'lawyer', plan);
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data).toEqual({ ...plan, officeAddress: null });
    expect((await call('GET', '/api/lawyers/availability', 'lawyer')).json().data).toEqual(saved.json().data);
    expect((await call('PUT', '/api/lawyers/availability', 'client', plan)).statusCode).toBe(403);
    expect((await call('GET', '/api/lawyers/availability')).statusCode).toBe(401);
  });

  it.each([
    [
      'overlapping hours',
      {
        weekly: [
          { weekday: 1, from: '10:00', to: '12:00' },
          { weekday: 1, from: '11:30', to: '13:00' },
        ],
      },
      t.validation.overlap,
    ],
    ['from after to', { weekly: [{ weekday: 2, from: '12:00', to: '10:00' }] }, t.validation.fromBeforeTo],
    ['from equal to', { weekly: [{ weekday: 2, from: '10:00', to: '10:00' }] }, t.validation.fromBeforeTo],
    ['a bad time', { weekly: [{ weekday: 2, from: '9:00', to: '10:00' }] }, t.validation.time],
    ['weekday 8', { weekly: [{ weekday: 8, from: '09:00', to: '10:00' }] }, t.validation.weekday],
    ['20-minute slots', { slotMinutes: 20 }, t.validation.slotMinutes],
    ['no mode', { modes: [] }, t.validation.modes],
    ['an unknown mode', { modes: ['fax'] }, t.validation.mode],
    ['office without address', { modes: ['office'] }, t.validation.officeAddress],
    ['a bad date', { exceptions: [{ date: '2026-02-30x', closed: true }] }, t.validation.date],
  ])('refuses %s with a 400 in Spanish', async (_name, change, message) => {
    const res = await call('PUT', '/api/lawyers/availability', 'paidLawyer', { ...plan, ...change });
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json().error)).toContain(message);
  });

  it('lets the paid lawyer save an office with its address', async () => {
    const res = await call('PUT', '/api/lawyers/availability', 'paidLawyer', {
      ...plan,
      modes: ['office'],
      officeAddress: 'Calle Mayor, 1, 28013 Madrid',
    });
    expect(res.statusCode).toBe(200);
  });
});

describe('slots', () => {
  it('are Madrid wall times with the day’s offset, across the spring daylight-saving change', async () => {
    const res = await call('GET', `/api/lawyers/${lawyer.id}/slots?from=2026-03-25&to=2026-03-30`, 'client');
    expect(res.statusCode).toBe(200);
    const starts = startsOf(res);
    expect(starts).toEqual([
      '2026-03-25T10:00:00+01:00',
      '2026-03-25T11:00:00+01:00',
      // Thursday 26 is closed; the weekend has no hours
      '2026-03-27T10:00:00+01:00',
      '2026-03-27T11:00:00+01:00',
      '2026-03-30T10:00:00+02:00',
      '2026-03-30T11:00:00+02:00',
    ]);
    expect(res.json().data.slots[0].end).toBe('2026-03-25T11:00:00+01:00');
    expect(res.json().data).toMatchObject({
      slotMinutes: 60,
      free: true,
      bookable: true,
      price: 0,
      modes: ['video', 'phone'],
    });
  });

  it('keeps 10:00 at 10:00 across the autumn change too', async () => {
    w.setClock(new Date('2026-10-20T08:00:00Z'));
    const res = await call('GET', `/api/lawyers/${lawyer.id}/slots?from=2026-10-23&to=2026-10-26`, 'client');
    const starts = startsOf(res);
    expect(starts).toEqual([
      '2026-10-23T10:00:00+02:00',
      '2026-10-23T11:00:00+02:00',
      '2026-10-26T10:00:00+01:00',
      '2026-10-26T11:00:00+01:00',
    ]);
    expect(new Date(starts[2] ?? '').toISOString()).toBe('2026-10-26T09:00:00.000Z');
    w.setClock(new Date('2026-03-20T08:00:00Z'));
  });

  it('never offers the past nor beyond 31 days; a longer range is a 400; anonymous 401', async () => {
    w.setClock(new Date('2026-03-25T09:30:00Z')); // 10:30 in Madrid: the 10:00 slot has begun
    const res = await call('GET', `/api/lawyers/${lawyer.id}/slots?from=2026-03-20&to=2026-03-25`, 'client');
    expect(startsOf(res)).toEqual(['2026-03-25T11:00:00+01:00']);
    const far = await call('GET', `/api/lawyers/${lawyer.id}/slots?from=2026-04-20&to=2026-04-30`, 'client');
    const starts = startsOf(far);
    expect(starts.every((start: string) => new Date(start) <= new Date('2026-04-25T09:30:00Z'))).toBe(true);
    w.setClock(new Date('2026-03-20T08:00:00Z'));
    const long = await call('GET', `/api/lawyers/${lawyer.id}/slots?from=2026-03-20&to=2026-04-20`, 'client');
    expect(long.statusCode).toBe(400);
    expect(long.json().error.message).toBe(t.validation.rangeTooLong);
    expect(
      (await call('GET', `/api/lawyers/${lawyer.id}/slots?from=2026-03-20&to=2026-03-21`)).statusCode,
    ).toBe(401);
    expect(
      (await call('GET', `/api/lawyers/${client.id}/slots?from=2026-03-20&to=2026-03-21`, 'client'))
        .statusCode,
    ).toBe(404);
  });
});

describe('booking', () => {
  it.each([
    ['a slot in the past', '2026-03-19T10:00:00+01:00', {}, t.errors.past],
    ['a slot off the boundary', '2026-03-23T10:30:00+01:00', {}, t.errors.outside],
    ['a slot outside the hours', '2026-03-23T09:00:00+01:00', {}, t.errors.outside],
    ['a closed day', '2026-03-26T10:00:00+01:00', {}, t.errors.closedDay],
    ['more than 31 days ahead', '2026-04-27T10:00:00+02:00', {}, t.errors.tooFar],
    ['a mode not offered', '2026-03-23T10:00:00+01:00', { mode: 'office' }, t.errors.modeNotOffered],
    ['a start without offset', '2026-03-23T10:00:00', {}, t.validation.start],
  ])('refuses %s with a 400 in Spanish', async (_name, start, extra, message) => {
    const res = await book('client', start, extra);
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json().error)).toContain(message);
  });

  it('refuses a lawyer booking themself (400) and any other non-client (403)', async () => {
    const self = await call('POST', '/api/consultations', 'lawyer', {
      lawyerId: lawyer.id,
      start: '2026-03-23T10:00:00+01:00',
      mode: 'video',
    });
    expect(self.statusCode).toBe(400);
    expect(self.json().error.message).toBe(t.errors.self);
    expect((await book('paidLawyer', '2026-03-23T10:00:00+01:00')).statusCode).toBe(403);
    expect((await book('admin', '2026-03-23T10:00:00+01:00')).statusCode).toBe(403);
  });

  it('reserves a free first visit at once, and the slot is gone; the same slot again is a 409', async () => {
    const res = await book('client', '2026-03-23T10:00:00+01:00', { note: 'Despido improcedente' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      id: expect.any(String),
      status: 'RESERVADA',
      start: '2026-03-23T10:00:00+01:00',
      end: '2026-03-23T11:00:00+01:00',
      mode: 'video',
      price: 0,
    });
    const again = await book('other', '2026-03-23T10:00:00+01:00');
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(t.errors.taken);
    const slots = await call(
      'GET',
      `/api/lawyers/${lawyer.id}/slots?from=2026-03-23&to=2026-03-23`,
      'client',
    );
    expect(startsOf(slots)).toEqual(['2026-03-23T11:00:00+01:00']);
  });

  it('lets exactly one of two simultaneous bookings of a slot succeed', async () => {
    const start = '2026-03-24T11:00:00+01:00';
    const results = await Promise.all([book('client', start), book('other', start), book('client', start)]);
    expect(results.map((res) => res.statusCode).sort()).toEqual([200, 409, 409]);
    const held = await ctx.app.db
      .select()
      .from(consultations)
      .where(and(eq(consultations.lawyerId, lawyer.id), eq(consultations.startAt, new Date(start))));
    expect(held).toHaveLength(1);
  });

  it('is held by the database itself: a second active row for one slot is refused', async () => {
    const values = {
      lawyerId: lawyer.id,
      clientId: client.id,
      startAt: new Date('2026-03-31T08:00:00Z'),
      endAt: new Date('2026-03-31T09:00:00Z'),
      mode: 'video' as const,
      status: 'RESERVADA' as const,
      priceCents: 0,
    };
    await ctx.app.db.insert(consultations).values(values);
    await expect(
      ctx.app.db.insert(consultations).values({ ...values, status: 'PENDIENTE_PAGO' }),
    ).rejects.toThrow();
    // a cancelled one does not hold the slot
    await ctx.app.db.insert(consultations).values({ ...values, status: 'CANCELADA' });
  });
});
