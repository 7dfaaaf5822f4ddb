import { createHmac } from 'node:crypto';
import { consultationsEs as t } from '@l4l/shared/texts/consultations';
import { and, eq } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createUser, DEFAULT_PASSWORD, signIn } from '../../../test/factories.ts';
import { readMail } from '../../../test/mime.ts';
import { sentMails } from '../../../test/outbox.ts';
import { consultations, messages, notifications } from '../../db/schema/index.ts';
import { consultationsWorld, PLAN, TURN_SECRET } from './consultations.world.ts';

/**
 * docs/api/http.md, First consultations, the parties' side: their lists, one consultation for its two
 * parties only, the ICE servers, the iCalendar mails read back by ical.js, cancellation, the chat notice,
 * the reminders fired by the sweep, and the privacy rights.
 */

let w: Awaited<ReturnType<typeof consultationsWorld>>;
let ctx: typeof w.ctx;
let lawyer: typeof w.lawyer;
let client: typeof w.client;
let call: typeof w.call;
let book: typeof w.book;

beforeAll(async () => {
  w = await consultationsWorld();
  ({ ctx, lawyer, client, call, book } = w);
  await call('PUT', '/api/lawyers/availability', 'lawyer', PLAN);
  await book('client', '2026-03-23T10:00:00+01:00', { note: 'Despido improcedente' });
  await book('client', '2026-03-24T11:00:00+01:00');
  await ctx.app.db.insert(consultations).values({
    lawyerId: lawyer.id,
    clientId: client.id,
    startAt: new Date('2026-03-31T08:00:00Z'),
    endAt: new Date('2026-03-31T09:00:00Z'),
    mode: 'video',
    status: 'RESERVADA',
    priceCents: 0,
  });
}, 60_000);
afterAll(async () => ctx?.close());

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
    w.setClock(new Date('2026-03-25T11:00:00Z'));
    expect((await call('GET', `/api/consultations/${id}/ice`, 'client')).statusCode).toBe(404);
    w.setClock(new Date('2026-03-20T08:00:00Z'));
  });

  it('lets the two parties signal each other only while the room is open (10 minutes before to the end)', async () => {
    const peer = (userId: string, at: string) => {
      w.setClock(new Date(at));
      return ctx.app.consultations.roomPeer(userId, id);
    };
    // 25 March 11:00–12:00 in Madrid is 10:00–11:00 UTC
    expect(await peer(client.id, '2026-03-25T09:49:00Z')).toBeNull();
    expect(await peer(client.id, '2026-03-25T09:50:00Z')).toBe(lawyer.id);
    expect(await peer(lawyer.id, '2026-03-25T10:59:00Z')).toBe(client.id);
    expect(await peer(lawyer.id, '2026-03-25T11:00:00Z')).toBeNull();
    expect(await peer(w.paidLawyer.id, '2026-03-25T10:10:00Z')).toBeNull();
    w.setClock(new Date('2026-03-20T08:00:00Z'));
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

  it('tells the pair in their chat when one is booked and when it is cancelled', async () => {
    const notices = await ctx.app.db.select({ text: messages.text, type: messages.type }).from(messages);
    const texts = notices.filter((one) => one.type === '8').map((one) => one.text);
    expect(texts).toContain(t.chat.booked('miércoles, 25 de marzo de 2026, 11:00', t.modes.phone ?? ''));
    expect(texts).toContain(t.chat.cancelled('miércoles, 25 de marzo de 2026, 11:00'));
  });

  it('cannot be cancelled once started (409)', async () => {
    const res = await book('client', '2026-03-27T10:00:00+01:00');
    w.setClock(new Date('2026-03-27T09:05:00Z'));
    const late = await call('POST', `/api/consultations/${res.json().data.id}/cancel`, 'client', {});
    expect(late.statusCode).toBe(409);
    expect(late.json().error.message).toBe(t.errors.started);
    w.setClock(new Date('2026-03-20T08:00:00Z'));
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
