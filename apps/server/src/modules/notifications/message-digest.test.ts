import { MESSAGE_TYPE } from '@l4l/shared/constants/messages';
import { es } from '@l4l/shared/texts/es';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/app.ts';
import { closeAllStomp, connectAs } from '../../../test/chat-stomp.ts';
import { bearer, createLawyer, createUser, signIn } from '../../../test/factories.ts';
import { readMail } from '../../../test/mime.ts';
import { startSmtp } from '../../../test/smtp.ts';
import { notificationMails, notifications } from '../../db/schema/index.ts';
import { MESSAGE_DIGEST } from './message-digest.ts';

/**
 * The unread-messages digest (docs/notifications.md, The messages digest) against a real SMTP server: no
 * mail while the recipient has an open chat session; without one, one mail per chat per hour naming the
 * sender and the count, never the text; the `messages` switch turns the mail off.
 */

type TestApp = Awaited<ReturnType<typeof buildTestApp>>;

const SECRET = 'Texto-secreto-del-despacho';
const MINUTE = 60_000;

let smtp: Awaited<ReturnType<typeof startSmtp>>;
let t: TestApp;

beforeAll(async () => {
  smtp = await startSmtp();
  t = await buildTestApp({ smtpUrl: smtp.url, publicUrl: 'https://l4l.example' });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
}, 60_000);
afterAll(async () => {
  await closeAllStomp();
  await t?.close();
  await smtp?.close();
});

async function pair() {
  const client = await createUser(t.app, { name: 'Clara', surname: 'Sanz' });
  const lawyer = await createLawyer(t.app, { name: 'Lucía', surname: 'Vega' });
  const chat = await t.app.chat.openChat(client.id, lawyer.id);
  const write = async (senderId: string, times = 1) => {
    for (let i = 0; i < times; i++) {
      await t.app.chat.postMessage({ chatId: chat.id, senderId, type: MESSAGE_TYPE.TEXT, text: SECRET });
    }
  };
  return { client, lawyer, chat, write };
}

const digestsOf = (userId: string) =>
  t.app.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.type, 'messages')));

const later = (ms: number) => new Date(Date.now() + ms);

describe('the messages digest', () => {
  it('waits while the recipient is online, then mails once per chat per hour: sender and count, no text', async () => {
    const { client, lawyer, write } = await pair();
    const online = await connectAs(t.app, client);
    await write(lawyer.id, 3);

    // an open chat session: the messages are seen live, no mail
    expect(await t.app.notifications.sweepMessageDigests(later(MINUTE))).toBe(0);
    expect(await digestsOf(client.id)).toHaveLength(0);

    await online.disconnect();
    await expect.poll(() => t.app.chat.isOnline(client.id)).toBe(false);
    expect(await t.app.notifications.sweepMessageDigests(later(2 * MINUTE))).toBe(1);
    const [digest] = await digestsOf(client.id);
    const facts = { counterpart: 'Lucía Vega', count: 3 };
    expect(digest?.title).toBe(es.notifications.events.messages.title(facts));
    expect(digest?.title).toContain('3 mensajes nuevos');
    expect(digest?.link).toBe(`/dashboard/chat?with=${lawyer.id}`);

    await t.app.notifications.drainOutbox();
    const sent = smtp.received.filter((mail) => mail.to.includes(client.mail));
    expect(sent).toHaveLength(1);
    const mail = readMail(sent[0]?.raw ?? '');
    expect(mail.subject).toBe(digest?.title);
    expect(mail.parts.map((part) => part.contentType).sort()).toEqual(['text/html', 'text/plain']);
    for (const part of mail.parts) {
      expect(part.body).toContain('Lucía Vega');
      expect(part.body).not.toContain(SECRET);
    }
    expect(mail.header('list-unsubscribe')).toMatch(/\/api\/notifications\/unsubscribe\?token=/);

    // within the hour: a new message waits; a second sweep of the same moment writes nothing either
    await write(lawyer.id);
    expect(await t.app.notifications.sweepMessageDigests(later(30 * MINUTE))).toBe(0);
    // an hour after the first: one more, counting every unread message
    expect(await t.app.notifications.sweepMessageDigests(later(63 * MINUTE))).toBe(1);
    expect(await t.app.notifications.sweepMessageDigests(later(64 * MINUTE))).toBe(0);
    const digests = await digestsOf(client.id);
    expect(digests.map((row) => row.title)).toContain(
      es.notifications.events.messages.title({ counterpart: 'Lucía Vega', count: 4 }),
    );
    // nothing new since: no more, however late; and messages over a day old are never told
    expect(await t.app.notifications.sweepMessageDigests(later(5 * MESSAGE_DIGEST.windowMs))).toBe(0);
    await write(lawyer.id);
    expect(await t.app.notifications.sweepMessageDigests(later(MESSAGE_DIGEST.maxAgeMs + MINUTE))).toBe(0);
  });

  it('tells the lawyer too, counts only the sender’s unread messages, and obeys the messages switch', async () => {
    const { client, lawyer, chat, write } = await pair();
    await write(client.id, 1);
    // the lawyer's own messages and the ones read already are not counted
    await write(lawyer.id, 2);
    const clientToken = await signIn(t.app, client);
    const read = await t.app.inject({
      method: 'POST',
      url: `/api/chat/${chat.id}/read`,
      headers: bearer(clientToken),
    });
    expect(read.statusCode).toBeLessThan(300);

    expect(await t.app.notifications.sweepMessageDigests(later(MINUTE))).toBe(1);
    const [toLawyer] = await digestsOf(lawyer.id);
    expect(toLawyer?.title).toBe(
      es.notifications.events.messages.title({ counterpart: 'Clara Sanz', count: 1 }),
    );
    expect(toLawyer?.title).toContain('un mensaje nuevo');
    expect(await digestsOf(client.id)).toHaveLength(0);

    // the lawyer turns the digest mail off: the in-app notice stays, no mail is queued
    const lawyerToken = await signIn(t.app, lawyer);
    const off = await t.app.inject({
      method: 'PUT',
      url: '/api/notifications/preferences',
      headers: bearer(lawyerToken),
      payload: { email: { messages: false } },
    });
    expect(off.json().data.email.messages).toBe(false);
    await write(client.id, 1);
    expect(await t.app.notifications.sweepMessageDigests(later(2 * MESSAGE_DIGEST.windowMs))).toBe(1);
    const rows = await t.app.db
      .select({ id: notificationMails.id })
      .from(notificationMails)
      .innerJoin(notifications, eq(notifications.id, notificationMails.notificationId))
      .where(and(eq(notifications.userId, lawyer.id), eq(notifications.type, 'messages')));
    expect(rows).toHaveLength(1);
  });
});
