import { randomBytes } from 'node:crypto';
import { mkdirSync, utimesSync, writeFileSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { eq, inArray, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/app.ts';
import { bearer, createLawyer, createUser, signIn } from '../../../test/factories.ts';
import {
  auditLog,
  caseCreationKeys,
  emailVerifications,
  mailChangeTokens,
  messageDigests,
  mfaChallenges,
  notificationMails,
  notifications,
  passwordResetTokens,
  paymentEvents,
  sessions,
} from '../../db/schema/index.ts';
import { RETENTION, yearsCutoff } from './retention.service.ts';

/**
 * The retention sweep (docs/domain.md, Privacy rights, Retention), with the clock fixed: what is past its
 * period goes, what is a minute short of it stays.
 */

type TestApp = Awaited<ReturnType<typeof buildTestApp>>;

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const NOW = new Date('2026-11-20T12:00:00Z');
const before = (ms: number) => new Date(NOW.getTime() - ms);

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp(
    {},
    {
      OUTBOX_RETENTION_DAYS: '10',
      NOTIFICATION_MAILS_RETENTION_DAYS: '30',
      PAYMENT_EVENTS_RETENTION_YEARS: '7',
    },
    { retention: { now: () => NOW, sweepIntervalMs: 0 } },
  );
}, 60_000);
afterAll(async () => {
  await t?.close();
});

const token = () => randomBytes(16).toString('hex');
const idsOf = (rows: Array<{ id: string }>) => rows.map((row) => row.id);

describe('the retention sweep', () => {
  it('deletes sessions a day past their expiry, revoked or not, and keeps the rest', async () => {
    const user = await createUser(t.app);
    const rows = await t.app.db
      .insert(sessions)
      .values([
        { userId: user.id, expiresAt: before(RETENTION.sessionAfterExpiryMs + MINUTE) },
        {
          userId: user.id,
          expiresAt: before(RETENTION.sessionAfterExpiryMs + MINUTE),
          revokedAt: before(9 * DAY),
        },
        { userId: user.id, expiresAt: before(RETENTION.sessionAfterExpiryMs - MINUTE) },
        { userId: user.id, expiresAt: new Date(NOW.getTime() + DAY), revokedAt: before(DAY) },
      ])
      .returning({ id: sessions.id });
    const report = await t.app.retention.sweep();
    expect(report.sessions).toBe(2);
    const left = await t.app.db
      .select({ id: sessions.id })
      .from(sessions)
      .where(inArray(sessions.id, idsOf(rows)));
    expect(idsOf(left).sort()).toEqual(idsOf(rows.slice(2)).sort());
  });

  it('deletes reset, mail-change and verification links and MFA challenges a week after expiry or use', async () => {
    const user = await createUser(t.app);
    const old = before(RETENTION.linkAfterUseMs + MINUTE);
    const recent = before(RETENTION.linkAfterUseMs - MINUTE);
    const future = new Date(NOW.getTime() + DAY);
    // expired long ago; used long ago (still unexpired); expired recently; used recently; unused and valid
    const shapes = [
      { expiresAt: old },
      { expiresAt: future, usedAt: old },
      { expiresAt: recent },
      { expiresAt: future, usedAt: recent },
      { expiresAt: future },
    ];
    const tables = [
      { table: passwordResetTokens, extra: {} },
      { table: mailChangeTokens, extra: { newMail: 'nuevo@l4l.test' } },
      { table: emailVerifications, extra: { mail: user.mail } },
      { table: mfaChallenges, extra: {} },
    ] as const;
    const inserted = [];
    for (const { table, extra } of tables) {
      const rows = await t.app.db
        .insert(table)
        .values(shapes.map((shape) => ({ userId: user.id, tokenHash: token(), ...extra, ...shape })) as never)
        .returning({ id: table.id });
      inserted.push({ table, rows });
    }
    const report = await t.app.retention.sweep();
    expect(report).toMatchObject({
      passwordResetTokens: 2,
      mailChangeTokens: 2,
      emailVerifications: 2,
      mfaChallenges: 2,
    });
    for (const { table, rows } of inserted) {
      const left = await t.app.db.select({ id: table.id }).from(table).where(eq(table.userId, user.id));
      expect(idsOf(left).sort()).toEqual(idsOf(rows.slice(2)).sort());
    }
  });

  it('frees a case creation’s Idempotency-Key after 24 hours, and deletes digest marks nothing can need', async () => {
    const client = await createUser(t.app);
    const lawyer = await createLawyer(t.app);
    const headers = bearer(await signIn(t.app, client));
    for (const key of ['clave-vieja-1', 'clave-reciente-1']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/cases/new-case',
        headers: { ...headers, 'idempotency-key': key },
        payload: { title: 'Herencia', description: 'Reparto de una herencia.' },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    await t.app.db
      .update(caseCreationKeys)
      .set({ createdAt: before(RETENTION.creationKeyMs + MINUTE) })
      .where(like(caseCreationKeys.key, '%clave-vieja-1'));
    await t.app.db
      .update(caseCreationKeys)
      .set({ createdAt: before(RETENTION.creationKeyMs - MINUTE) })
      .where(like(caseCreationKeys.key, '%clave-reciente-1'));

    const oldChat = await t.app.chat.openChat(client.id, lawyer.id);
    const other = await createLawyer(t.app);
    const newChat = await t.app.chat.openChat(client.id, other.id);
    const at = (ms: number) => ({ lastSentAt: before(ms), coveredUntil: before(ms) });
    await t.app.db.insert(messageDigests).values([
      { chatId: oldChat.id, userId: client.id, ...at(RETENTION.messageDigestMs + MINUTE) },
      { chatId: newChat.id, userId: client.id, ...at(RETENTION.messageDigestMs - MINUTE) },
    ]);

    const report = await t.app.retention.sweep();
    expect(report.creationKeys).toBe(1);
    expect(report.messageDigests).toBe(1);
    const keysLeft = await t.app.db
      .select({ key: caseCreationKeys.key })
      .from(caseCreationKeys)
      .where(eq(caseCreationKeys.userId, client.id));
    expect(keysLeft.map((row) => row.key)).toEqual([expect.stringMatching(/clave-reciente-1$/)]);
    const digestsLeft = await t.app.db
      .select({ chatId: messageDigests.chatId })
      .from(messageDigests)
      .where(eq(messageDigests.userId, client.id));
    expect(digestsLeft.map((row) => row.chatId)).toEqual([newChat.id]);
  });

  it('deletes outbox mails older than OUTBOX_RETENTION_DAYS and leaves newer ones and other folders', async () => {
    expect(t.config.outboxRetentionDays).toBe(10);
    const outbox = path.join(t.config.dataDir, 'outbox');
    mkdirSync(path.join(outbox, 'carpeta'), { recursive: true });
    const file = (name: string, age: number) => {
      const where = path.join(outbox, name);
      writeFileSync(where, 'Subject: Prueba\r\n\r\nHola');
      const when = before(age);
      utimesSync(where, when, when);
    };
    file('viejo.eml', 10 * DAY + MINUTE);
    file('reciente.eml', 10 * DAY - MINUTE);
    const report = await t.app.retention.sweep();
    expect(report.outboxFiles).toBe(1);
    expect((await readdir(outbox)).sort()).toEqual(['carpeta', 'reciente.eml']);
  });

  it('deletes the delivery records of mails no longer pending after NOTIFICATION_MAILS_RETENTION_DAYS', async () => {
    expect(t.config.notificationMailsRetentionDays).toBe(30);
    const user = await createUser(t.app);
    const shapes = [
      { status: 'sent', createdAt: before(30 * DAY + MINUTE), sentAt: before(30 * DAY) },
      { status: 'skipped', createdAt: before(31 * DAY) },
      { status: 'failed', createdAt: before(40 * DAY) },
      { status: 'sent', createdAt: before(30 * DAY - MINUTE), sentAt: before(29 * DAY) },
      // still to be sent, however old: never swept (and not due, so no worker takes it meanwhile)
      { status: 'pending', createdAt: before(90 * DAY), nextAttemptAt: new Date(NOW.getTime() + 365 * DAY) },
    ] as const;
    const ids: string[] = [];
    for (const [i, shape] of shapes.entries()) {
      const [notice] = await t.app.db
        .insert(notifications)
        .values({ userId: user.id, type: 'case.approved', title: `Aviso ${i}`, body: 'Texto', link: '/' })
        .returning({ id: notifications.id });
      const [mail] = await t.app.db
        .insert(notificationMails)
        .values({ notificationId: notice?.id, messageId: `<retencion-${i}-${token()}@l4l.test>`, ...shape })
        .returning({ id: notificationMails.id });
      ids.push(mail?.id ?? '');
    }
    const report = await t.app.retention.sweep();
    expect(report.notificationMails).toBe(3);
    const left = await t.app.db
      .select({ id: notificationMails.id })
      .from(notificationMails)
      .where(inArray(notificationMails.id, ids));
    expect(idsOf(left).sort()).toEqual(ids.slice(3).sort());
  });

  it('keeps payment events and the audit log for whole years after the year they were written (Spain’s clock)', async () => {
    expect(t.config.paymentEventsRetentionYears).toBe(7);
    expect(t.config.auditLogRetentionYears).toBe(6);
    // now is 2026: 7 years keep what arrived from 1 January 2019, 00:00 in Madrid (23:00 UTC the day before)
    const events = [
      { id: `evt_viejo_${token()}`, receivedAt: new Date('2018-12-31T22:59:00Z') },
      { id: `evt_limite_${token()}`, receivedAt: new Date('2018-12-31T23:00:00Z') },
      { id: `evt_reciente_${token()}`, receivedAt: new Date('2025-03-01T10:00:00Z') },
    ];
    await t.app.db
      .insert(paymentEvents)
      .values(events.map((event) => ({ ...event, provider: 'stripe', type: 'checkout.session.completed' })));
    // 6 years keep what was written from 1 January 2020 in Madrid
    const entries = await t.app.db
      .insert(auditLog)
      .values([
        {
          action: 'user.ban',
          targetType: 'user',
          targetId: 'u1',
          createdAt: new Date('2019-12-31T22:00:00Z'),
        },
        {
          action: 'user.ban',
          targetType: 'user',
          targetId: 'u2',
          createdAt: new Date('2019-12-31T23:30:00Z'),
        },
        { action: 'user.ban', targetType: 'user', targetId: 'u3', createdAt: before(DAY) },
      ])
      .returning({ id: auditLog.id });

    const report = await t.app.retention.sweep();
    expect(report.paymentEvents).toBe(1);
    expect(report.auditLog).toBe(1);
    const eventsLeft = await t.app.db
      .select({ id: paymentEvents.id })
      .from(paymentEvents)
      .where(
        inArray(
          paymentEvents.id,
          events.map((event) => event.id),
        ),
      );
    expect(idsOf(eventsLeft).sort()).toEqual(
      events
        .slice(1)
        .map((event) => event.id)
        .sort(),
    );
    const auditLeft = await t.app.db
      .select({ id: auditLog.id })
      .from(auditLog)
      .where(inArray(auditLog.id, idsOf(entries)));
    expect(idsOf(auditLeft).sort()).toEqual(idsOf(entries.slice(1)).sort());
  });

  it('counts the years from the start of the year in Madrid, summer or winter', () => {
    expect(yearsCutoff(new Date('2026-07-15T12:00:00Z'), 6).toISOString()).toBe('2019-12-31T23:00:00.000Z');
    // 00:30 on 1 January 2027 in Madrid is still 2026 in UTC: the year is Madrid's
    expect(yearsCutoff(new Date('2026-12-31T23:30:00Z'), 6).toISOString()).toBe('2020-12-31T23:00:00.000Z');
  });

  it('runs without an outbox folder and, once clean, finds nothing more', async () => {
    const fresh = await buildTestApp({}, {}, { retention: { now: () => NOW, sweepIntervalMs: 0 } });
    try {
      expect(fresh.config.outboxRetentionDays).toBe(30);
      expect(fresh.config.notificationMailsRetentionDays).toBe(90);
      expect(fresh.config.paymentEventsRetentionYears).toBe(6);
      expect(fresh.config.auditLogRetentionYears).toBe(6);
      const report = await fresh.app.retention.sweep();
      expect(Object.values(report).every((n) => n === 0)).toBe(true);
    } finally {
      await fresh.close();
    }
  });
});
