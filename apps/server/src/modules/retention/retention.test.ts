import { randomBytes } from 'node:crypto';
import { mkdirSync, utimesSync, writeFileSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { eq, inArray, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/app.ts';
import { bearer, createLawyer, createUser, signIn } from '../../../test/factories.ts';
import {
  caseCreationKeys,
  emailVerifications,
  mailChangeTokens,
  messageDigests,
  mfaChallenges,
  passwordResetTokens,
  sessions,
} from '../../db/schema/index.ts';
import { RETENTION } from './retention.service.ts';

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
    { OUTBOX_RETENTION_DAYS: '10' },
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

  it('runs without an outbox folder and, once clean, finds nothing more', async () => {
    const fresh = await buildTestApp({}, {}, { retention: { now: () => NOW, sweepIntervalMs: 0 } });
    try {
      expect(fresh.config.outboxRetentionDays).toBe(30);
      const report = await fresh.app.retention.sweep();
      expect(Object.values(report).every((n) => n === 0)).toBe(true);
    } finally {
      await fresh.close();
    }
  });
});
