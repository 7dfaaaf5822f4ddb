import { es } from '@l4l/shared/texts/es';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/app.ts';
import { closeAllStomp, openStomp, type TestStomp, textMessage, wsUrl } from '../../../test/chat-stomp.ts';
import { bearer, createLawyer, createUser, DEFAULT_PASSWORD, signIn } from '../../../test/factories.ts';
import { linkIn, sentMails } from '../../../test/outbox.ts';
import { messages } from '../../db/schema/index.ts';

/**
 * Ending a session ends its chat sockets at once, on every process, the way a ban does: a logout closes
 * that session's sockets, a password reset all of the user's, a password change all but the caller's.
 * The periodic re-check (once a minute) is left as the slow path. And one user holds a bounded number
 * of chat sockets.
 */

const MAX_SOCKETS = 3;

let t: Awaited<ReturnType<typeof buildTestApp>>;
let url: string;
beforeAll(async () => {
  t = await buildTestApp({ chatMaxSocketsPerUser: MAX_SOCKETS });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  url = wsUrl(t.app);
});
afterEach(closeAllStomp);
afterAll(async () => t.close());

async function clientWithChat() {
  const client = await createUser(t.app);
  const lawyer = await createLawyer(t.app);
  await t.app.chat.openChat(client.id, lawyer.id);
  return { client, lawyer, pair: { userId: client.id, lawyerId: lawyer.id } };
}

const connect = (token: string) => openStomp(url, { headers: { Authorization: `Bearer ${token}` } });

/** Milliseconds from now until the socket has closed (at most `timeoutMs`, then -1). */
async function closesWithin(stomp: TestStomp, timeoutMs = 2000): Promise<number> {
  const started = Date.now();
  while (stomp.closeCode() === undefined) {
    if (Date.now() - started > timeoutMs) return -1;
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
  return Date.now() - started;
}

/** Sends `count` messages one after another; answers how many the server acknowledged. */
async function sendAll(stomp: TestStomp, pair: { userId: string; lawyerId: string }, count: number) {
  let accepted = 0;
  for (let i = 0; i < count; i++) {
    const sent = stomp.send('/app/chat', textMessage(pair, `después ${i}`));
    const timeout = new Promise<void>((_, reject) => setTimeout(() => reject(new Error('no receipt')), 500));
    try {
      await Promise.race([sent, timeout]);
      accepted += 1;
    } catch {
      // refused or closed: not stored
    }
  }
  return accepted;
}

const storedFrom = async (senderId: string) =>
  (await t.app.db.select().from(messages).where(eq(messages.senderId, senderId))).length;

describe('a logout', () => {
  it('closes that session’s chat sockets at once, and only those', async () => {
    const { client, pair } = await clientWithChat();
    const ending = await signIn(t.app, client);
    const staying = await signIn(t.app, client);
    const ended = await connect(ending);
    const kept = await connect(staying);
    await ended.send('/app/chat', textMessage(pair, 'antes'));

    const res = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(ending) });
    expect(res.statusCode).toBe(200);
    const ms = await closesWithin(ended);
    expect(ms).toBeGreaterThanOrEqual(0);
    expect(ms).toBeLessThan(500);
    expect(ended.closeCode()).toBe(1008);

    const accepted = await sendAll(ended, pair, 5);
    expect(accepted).toBe(0);
    expect(await storedFrom(client.id)).toBe(1);
    expect(kept.client.connected).toBe(true);
    await kept.send('/app/chat', textMessage(pair, 'desde la otra sesión'));
    expect(await storedFrom(client.id)).toBe(2);
  });
});

describe('a password reset', () => {
  it('closes every chat socket of the user at once', async () => {
    const { client, pair } = await clientWithChat();
    const sockets = [await connect(await signIn(t.app, client)), await connect(await signIn(t.app, client))];
    const asked = await t.app.inject({
      method: 'POST',
      url: `/api/auth/recover-password?email=${encodeURIComponent(client.mail)}`,
    });
    expect(asked.statusCode).toBe(200);
    const mail = (await sentMails(t.app)).find((m) => m.raw.includes(client.mail));
    const token = mail && linkIn(mail.raw, '/reset-password')?.searchParams.get('token');
    expect(token).toBeTruthy();
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/update-password',
      payload: { token, newPassword: 'Nueva-Clave-Segura-2026' },
    });
    expect(reset.statusCode).toBe(200);
    for (const stomp of sockets) {
      const ms = await closesWithin(stomp);
      expect(ms).toBeGreaterThanOrEqual(0);
      expect(ms).toBeLessThan(500);
      expect(await sendAll(stomp, pair, 2)).toBe(0);
    }
    expect(await storedFrom(client.id)).toBe(0);
  });
});

describe('a password change', () => {
  it('closes the sockets of the user’s other sessions, and keeps the caller’s', async () => {
    const { client, pair } = await clientWithChat();
    const callerToken = await signIn(t.app, client);
    const caller = await connect(callerToken);
    const other = await connect(await signIn(t.app, client));
    const changed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: bearer(callerToken),
      payload: { currentPassword: DEFAULT_PASSWORD, newPassword: 'Otra-Clave-Segura-2026' },
    });
    expect(changed.statusCode).toBe(200);
    const ms = await closesWithin(other);
    expect(ms).toBeGreaterThanOrEqual(0);
    expect(ms).toBeLessThan(500);
    expect(caller.client.connected).toBe(true);
    await caller.send('/app/chat', textMessage(pair, 'sigo aquí'));
    expect(await storedFrom(client.id)).toBe(1);
  });
});

describe('open chat sockets per user', () => {
  it('refuses the CONNECT over the cap with an ERROR frame in Spanish and closes it', async () => {
    const { client, pair } = await clientWithChat();
    const token = await signIn(t.app, client);
    const open: TestStomp[] = [];
    for (let i = 0; i < MAX_SOCKETS; i++) open.push(await connect(token));
    expect(open.every((stomp) => stomp.client.connected)).toBe(true);

    const refused = await connect(token);
    expect(refused.client.connected).toBe(false);
    expect(refused.closeCode()).toBe(1008);
    expect(refused.errors[0]?.headers.message).toBe(es.stomp.tooManyConnections(MAX_SOCKETS));

    // another user is not affected, and a socket closed frees its place
    const { client: other } = await clientWithChat();
    expect((await connect(await signIn(t.app, other))).client.connected).toBe(true);
    await open[0]?.disconnect();
    await expect.poll(async () => (await connect(token)).client.connected).toBe(true);
    await open[1]?.send('/app/chat', textMessage(pair, 'sigue funcionando'));
  });

  it('counts CONNECTs sent together: never more than the cap get in', async () => {
    const { client } = await clientWithChat();
    const token = await signIn(t.app, client);
    const all = await Promise.all(Array.from({ length: MAX_SOCKETS + 4 }, () => connect(token)));
    expect(all.filter((stomp) => stomp.client.connected)).toHaveLength(MAX_SOCKETS);
  });
});
