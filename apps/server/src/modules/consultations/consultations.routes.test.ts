import { createHmac } from 'node:crypto';
import { consultationsEs as t } from '@l4l/shared/texts/consultations';
import { and, eq } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/app.ts';
import {
  bearer,
  createAdmin,
  createLawyerWithProfile,
  createUser,
  DEFAULT_PASSWORD,
  signIn,
} from '../../../test/factories.ts';
import { readMail } from '../../../test/mime.ts';
import { sentMails } from '../../../test/outbox.ts';
import { consultations, notifications } from '../../db/schema/index.ts';

/**
 * docs/api/http.md, First consultations: availability, slots across the daylight-saving change, booking
 * and its refusals, the race for one slot, the parties' lists, cancellation, the ICE servers, the
 * iCalendar mails read back by a parser, and the reminders fired by the sweep.
 */
const TURN_SECRET = 'turn-shared-secret-for-tests';
// Friday 20 March 2026, 09:00 in Madrid (UTC+1); Madrid moves to UTC+2 on Sunday 29 March
let clock = new Date('2026-03-20T08:00:00Z');
let ctx: Awaited<ReturnType<typeof buildTestApp>>;
let lawyer: Awaited<ReturnType<typeof createLawyerWithProfile>>;
let paidLawyer: Awaited<ReturnType<typeof createLawyerWithProfile>>;
let client: Awaited<ReturnType<typeof createUser>>;
const as: Record<string, { authorization: string }> = {};

const weekdays = [1, 2, 3, 4, 5].map((weekday) => ({ weekday, from: '10:00', to: '12:00' }));
const plan = {
  weekly: weekdays,
  slotMinutes: 60,
  exceptions: [{ date: '2026-03-26', closed: true }],
  modes: ['video', 'phone'],
};

function call(method: 'GET' | 'PUT' | 'POST', url: string, who?: string, payload?: unknown) {
  return ctx.app.inject({
    method,
    url,
    ...(who ? { headers: as[who] } : {}),
    ...(payload ? { payload } : {}),
  });
}
const book = (who: string, start: string, extra: Record<string, unknown> = {}) =>
  call('POST', '/api/consultations', who, { lawyerId: lawyer.id, start, mode: 'video', ...extra });

beforeAll(async () => {
  ctx = await buildTestApp(
    { publicUrl: 'https://l4l.example' },
    { TURN_URLS: 'turn:127.0.0.1:3478?transport=udp', TURN_SECRET },
    { consultations: { now: () => clock, sweepIntervalMs: 0 } },
  );
  lawyer = await createLawyerWithProfile(ctx.app, {
    name: 'Lucía',
    surname: 'García',
    phoneNumber: '611222333',
    profile: { firstVisitFree: true },
  });
  paidLawyer = await createLawyerWithProfile(ctx.app, { profile: { priceFirstVisitCents: 4000 } });
  client = await createUser(ctx.app, { name: 'Carmen', surname: 'Cliente' });
  const other = await createUser(ctx.app, { name: 'Otra', surname: 'Persona' });
  as.lawyer = bearer(await signIn(ctx.app, lawyer));
  as.paidLawyer = bearer(await signIn(ctx.app, paidLawyer));
  as.client = bearer(await signIn(ctx.app, client));
  as.other = bearer(await signIn(ctx.app, other));
  as.admin = bearer(await signIn(ctx.app, await createAdmin(ctx.app)));
}, 60_000);
afterAll(async () => ctx?.close());

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
    const starts = res.json().data.slots.map((slot: { start: string }) => slot.start);
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
      price: 0,
      modes: ['video', 'phone'],
    });
  });

  it('keeps 10:00 at 10:00 across the autumn change too', async () => {
    clock = new Date('2026-10-20T08:00:00Z');
    const res = await call('GET', `/api/lawyers/${lawyer.id}/slots?from=2026-10-23&to=2026-10-26`, 'client');
    const starts = res.json().data.slots.map((slot: { start: string }) => slot.start);
    expect(starts).toEqual([
      '2026-10-23T10:00:00+02:00',
      '2026-10-23T11:00:00+02:00',
      '2026-10-26T10:00:00+01:00',
      '2026-10-26T11:00:00+01:00',
    ]);
    expect(new Date(starts[2]).toISOString()).toBe('2026-10-26T09:00:00.000Z');
    clock = new Date('2026-03-20T08:00:00Z');
  });

  it('never offers the past nor beyond 31 days; a longer range is a 400; anonymous 401', async () => {
    clock = new Date('2026-03-25T09:30:00Z'); // 10:30 in Madrid: the 10:00 slot has begun
    const res = await call('GET', `/api/lawyers/${lawyer.id}/slots?from=2026-03-20&to=2026-03-25`, 'client');
    expect(res.json().data.slots.map((slot: { start: string }) => slot.start)).toEqual([
      '2026-03-25T11:00:00+01:00',
    ]);
    const far = await call('GET', `/api/lawyers/${lawyer.id}/slots?from=2026-04-20&to=2026-04-30`, 'client');
    const starts = far.json().data.slots.map((slot: { start: string }) => slot.start);
    expect(starts.every((start: string) => new Date(start) <= new Date('2026-04-25T09:30:00Z'))).toBe(true);
    clock = new Date('2026-03-20T08:00:00Z');
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
    expect(slots.json().data.slots.map((slot: { start: string }) => slot.start)).toEqual([
      '2026-03-23T11:00:00+01:00',
    ]);
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

  it('refuses a paid first visit with a 409 in Spanish while paid consultations are not connected', async () => {
    const slots = await call(
      'GET',
      `/api/lawyers/${paidLawyer.id}/slots?from=2026-03-23&to=2026-03-23`,
      'client',
    );
    expect(slots.json().data).toMatchObject({ price: 40, free: false, bookable: false });
    const res = await call('POST', '/api/consultations', 'client', {
      lawyerId: paidLawyer.id,
      start: '2026-03-23T10:00:00+01:00',
      mode: 'office',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(t.errors.paidUnavailable);
    expect(
      await ctx.app.db.select().from(consultations).where(eq(consultations.lawyerId, paidLawyer.id)),
    ).toEqual([]);
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

describe('the parties’ consultations', () => {
  let id: string;
  beforeAll(async () => {
    const res = await book('client', '2026-03-25T11:00:00+01:00', { mode: 'phone' });
    id = res.json().data.id;
  });

  it('lists the caller’s own, soonest first, with paging, as client and as lawyer', async () => {
    const mine = await call('GET', '/api/consultations?when=upcoming&pageSize=2', 'client');
    expect(mine.statusCode).toBe(200);
    // 23 and 24 March booked above, 25 March in beforeAll, 31 March written straight into the table
    expect(mine.json().meta).toMatchObject({ page: 1, pageSize: 2, total: 4 });
    expect(mine.json().data.map((one: { start: string }) => one.start)).toEqual([
      '2026-03-23T10:00:00+01:00',
      '2026-03-24T11:00:00+01:00',
    ]);
    const theirs = await call('GET', '/api/consultations', 'lawyer');
    expect(theirs.json().data.every((one: { role: string }) => one.role === 'lawyer')).toBe(true);
    expect((await call('GET', '/api/consultations', 'paidLawyer')).json().meta.total).toBe(0);
    expect((await call('GET', '/api/consultations')).statusCode).toBe(401);
  });

  it('shows one to its two parties only (404 for others, administrators included), the phone once reserved', async () => {
    const seen = await call('GET', `/api/consultations/${id}`, 'client');
    expect(seen.json().data).toMatchObject({
      id,
      status: 'RESERVADA',
      mode: 'phone',
      role: 'client',
      phone: '611222333',
      roomPath: `/dashboard/consultas/${id}`,
      lawyer: { id: lawyer.id, name: 'Lucía', surname: 'García' },
      client: { id: client.id, name: 'Carmen', surname: 'Cliente' },
    });
    expect((await call('GET', `/api/consultations/${id}`, 'lawyer')).json().data.role).toBe('lawyer');
    for (const who of ['other', 'admin', 'paidLawyer']) {
      expect((await call('GET', `/api/consultations/${id}`, who)).statusCode).toBe(404);
      expect((await call('GET', `/api/consultations/${id}/ice`, who)).statusCode).toBe(404);
      expect((await call('POST', `/api/consultations/${id}/cancel`, who, {})).statusCode).toBe(404);
    }
  });

  it('gives each party STUN and TURN with coturn credentials that expire after the end', async () => {
    const res = await call('GET', `/api/consultations/${id}/ice`, 'client');
    expect(res.statusCode).toBe(200);
    const [stun, turn] = res.json().data.iceServers;
    expect(stun).toEqual({ urls: ['stun:127.0.0.1:3478'] });
    expect(turn.urls).toEqual(['turn:127.0.0.1:3478?transport=udp']);
    const [expiry, userId] = turn.username.split(':');
    expect(userId).toBe(client.id);
    // the end (12:00 Madrid = 11:00Z) and half an hour of grace
    expect(Number(expiry)).toBe(Date.parse('2026-03-25T11:30:00Z') / 1000);
    expect(turn.credential).toBe(createHmac('sha1', TURN_SECRET).update(turn.username).digest('base64'));
    clock = new Date('2026-03-25T11:00:00Z');
    expect((await call('GET', `/api/consultations/${id}/ice`, 'client')).statusCode).toBe(404);
    clock = new Date('2026-03-20T08:00:00Z');
  });

  it('mails both an iCalendar invitation, and the cancellation cancels the same UID', async () => {
    const invitations = (await sentMails(ctx.app))
      .map(({ raw }) => raw)
      .filter((raw) => raw.includes('METHOD:REQUEST'));
    const calendars = (method: string, raws: string[]) =>
      raws
        .map(
          (raw) =>
            readMail(raw).parts.find(
              (part) => part.contentType === 'text/calendar' && part.body.includes(`METHOD:${method}`),
            )?.body,
        )
        .filter((body): body is string => Boolean(body))
        .map((body) => new ICAL.Component(ICAL.parse(body)))
        .filter((calendar) =>
          calendar.getFirstSubcomponent('vevent')?.getFirstPropertyValue('uid')?.toString().includes(id),
        );
    const booked = calendars('REQUEST', invitations);
    expect(booked.length).toBeGreaterThanOrEqual(2);
    expect(
      invitations.some((raw) => /content-type: text\/calendar; charset=utf-8; method=REQUEST/i.test(raw)),
    ).toBe(true);
    const event = booked[0]!.getFirstSubcomponent('vevent')!;
    const uid = String(event.getFirstPropertyValue('uid'));
    expect(uid).toBe(`consultation-${id}@l4l.example`);
    expect((event.getFirstPropertyValue('dtstart') as ICAL.Time).toJSDate().toISOString()).toBe(
      '2026-03-25T10:00:00.000Z',
    );
    expect((event.getFirstPropertyValue('dtend') as ICAL.Time).toJSDate().toISOString()).toBe(
      '2026-03-25T11:00:00.000Z',
    );
    expect(String(event.getFirstPropertyValue('summary'))).toContain('Primera consulta');
    expect(String(event.getFirstPropertyValue('location'))).toContain('611222333');

    const cancelled = await call('POST', `/api/consultations/${id}/cancel`, 'lawyer', {
      reason: 'Juicio imprevisto',
    });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().data).toMatchObject({
      status: 'CANCELADA',
      cancelledBy: 'lawyer',
      cancelReason: 'Juicio imprevisto',
      phone: null,
    });
    const cancellations = calendars(
      'CANCEL',
      (await sentMails(ctx.app)).map(({ raw }) => raw),
    );
    expect(cancellations).toHaveLength(2);
    for (const calendar of cancellations) {
      expect(calendar.getFirstPropertyValue('method')).toBe('CANCEL');
      expect(String(calendar.getFirstSubcomponent('vevent')!.getFirstPropertyValue('uid'))).toBe(uid);
    }
    const again = await call('POST', `/api/consultations/${id}/cancel`, 'client', {});
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(t.errors.alreadyCancelled);
    // the slot is free again
    expect((await book('other', '2026-03-25T11:00:00+01:00')).statusCode).toBe(200);
  });

  it('cannot be cancelled once started (409)', async () => {
    const res = await book('client', '2026-03-27T10:00:00+01:00');
    clock = new Date('2026-03-27T09:05:00Z');
    const late = await call('POST', `/api/consultations/${res.json().data.id}/cancel`, 'client', {});
    expect(late.statusCode).toBe(409);
    expect(late.json().error.message).toBe(t.errors.started);
    clock = new Date('2026-03-20T08:00:00Z');
  });
});

describe('reminders', () => {
  it('are sent 24 h and 1 h before, in the app and by mail, each once', async () => {
    const res = await book('client', '2026-03-30T11:00:00+02:00');
    const id = res.json().data.id;
    const remindersOf = async () =>
      ctx.app.db
        .select()
        .from(notifications)
        .where(
          and(
            eq(notifications.type, 'consultation.reminder'),
            eq(notifications.link, `/dashboard/consultas/${id}`),
          ),
        );
    expect(await ctx.app.consultations.remind(new Date('2026-03-29T08:00:00Z'))).toBe(0);
    expect(await remindersOf()).toHaveLength(0);
    // 23 h before: the 24-hour reminder, to both parties
    expect(await ctx.app.consultations.remind(new Date('2026-03-29T10:00:00Z'))).toBeGreaterThanOrEqual(1);
    expect((await remindersOf()).map((row) => row.userId).sort()).toEqual([client.id, lawyer.id].sort());
    expect(await ctx.app.consultations.remind(new Date('2026-03-29T10:01:00Z'))).toBe(0);
    // 50 minutes before: the 1-hour one
    await ctx.app.consultations.remind(new Date('2026-03-30T08:10:00Z'));
    const rows = await remindersOf();
    expect(rows).toHaveLength(4);
    expect(rows.map((row) => row.title)).toContain(t.notification.reminder1);
    const mails = (await sentMails(ctx.app)).filter(({ raw }) =>
      raw.includes(t.notification.reminder1.slice(0, 20)),
    );
    expect(mails.length).toBeGreaterThanOrEqual(1);
  });
});

describe('privacy rights', () => {
  it('exports the caller’s consultations, and the lawyer’s availability', async () => {
    const json = async (who: string) => {
      const res = await call('GET', '/api/me/export', who);
      expect(res.statusCode).toBe(200);
      return JSON.parse(new TextDecoder().decode(unzipSync(new Uint8Array(res.rawPayload))['datos.json']));
    };
    const mine = await json('client');
    expect(mine.consultations.length).toBeGreaterThanOrEqual(4);
    expect(mine.consultations[0]).toMatchObject({ lawyerId: lawyer.id, clientId: client.id });
    expect((await json('lawyer')).availability).toMatchObject({ slotMinutes: 60, modes: ['video', 'phone'] });
  });

  it('cancels an erased client’s consultations still ahead and forgets their notes', async () => {
    const leaving = await createUser(ctx.app, { name: 'Se', surname: 'Va' });
    const ahead = Date.now() + 2 * 86_400_000;
    const [row] = await ctx.app.db
      .insert(consultations)
      .values({
        lawyerId: lawyer.id,
        clientId: leaving.id,
        startAt: new Date(ahead),
        endAt: new Date(ahead + 3_600_000),
        mode: 'video',
        note: 'Mi caso privado',
        status: 'RESERVADA',
        priceCents: 0,
      })
      .returning();
    const res = await ctx.app.inject({
      method: 'DELETE',
      url: '/api/me',
      headers: bearer(await signIn(ctx.app, leaving)),
      payload: { password: DEFAULT_PASSWORD },
    });
    expect(res.statusCode, res.body).toBe(200);
    const [after] = await ctx.app.db.select().from(consultations).where(eq(consultations.id, row!.id));
    expect(after).toMatchObject({ status: 'CANCELADA', note: null });
  });
});
