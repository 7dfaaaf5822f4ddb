import { rmSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import { LIMITS } from '@l4l/shared/constants/limits';
import { es } from '@l4l/shared/texts/es';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { buildTestApp } from '../../../test/app.ts';
import {
  closeAllStomp,
  connectAs,
  listeningApp,
  openStomp,
  settle,
  textMessage,
  wsUrl,
} from '../../../test/chat-stomp.ts';
import { expectCollected } from '../../../test/collected.ts';
import { banUser, bearer, createLawyer, createUser, signIn } from '../../../test/factories.ts';
import { chats, messages, sessions, users } from '../../db/schema/index.ts';
import { SESSION_COOKIE } from '../../plugins/auth.ts';
import { FRAME_LIMITS } from './stomp/frame.ts';

let t: Awaited<ReturnType<typeof buildTestApp>>;
let url: string;
beforeAll(async () => {
  t = await buildTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  url = wsUrl(t.app);
});
afterEach(closeAllStomp);
afterAll(async () => t.close());

/** A client and a lawyer with a chat, each with a token. */
async function pair() {
  const client = await createUser(t.app);
  const lawyer = await createLawyer(t.app, { name: 'Bruno', surname: 'Sanz' });
  const chat = await t.app.chat.openChat(client.id, lawyer.id);
  return {
    client: { ...client, token: await signIn(t.app, client) },
    lawyer: { ...lawyer, token: await signIn(t.app, lawyer) },
    chat,
  };
}

const connect = (token: string) => openStomp(url, { headers: { Authorization: `Bearer ${token}` } });

async function subscribed(token: string, destination?: string) {
  const stomp = await connect(token);
  await stomp.subscribe(destination);
  return stomp;
}

describe('CONNECT', () => {
  it('refuses a CONNECT without a token or with a bad one: ERROR, then the socket closes', async () => {
    const refused: Array<Record<string, string>> = [
      {},
      { Authorization: 'Bearer nope' },
      { passcode: 'nope' },
    ];
    for (const headers of refused) {
      const stomp = await openStomp(url, { headers });
      await expect.poll(() => stomp.closeCode()).toBe(1008);
      expect(stomp.errors[0]?.headers.message).toBe(es.stomp.unauthorized);
    }
  });

  it('accepts the token as passcode or as the session cookie of the upgrade, and picks v12.stomp', async () => {
    const { client } = await pair();
    const byPasscode = await openStomp(url, { headers: { passcode: client.token } });
    expect(byPasscode.client.connected).toBe(true);
    const byCookie = await openStomp(url, {
      wsOptions: { headers: { cookie: `${SESSION_COOKIE}=${client.token}` } },
    });
    expect(byCookie.client.connected).toBe(true);
    const socket = new WebSocket(url, ['v10.stomp', 'v12.stomp']);
    await new Promise((resolve) => socket.once('open', resolve));
    expect(socket.protocol).toBe('v12.stomp');
    socket.close();
  });

  it('keeps nothing of the upgrade request for as long as the connection lasts', async () => {
    const { client } = await pair();
    let upgrade: WeakRef<IncomingMessage> | undefined;
    const remember = (request: IncomingMessage) => {
      upgrade = new WeakRef(request);
    };
    t.app.server.once('upgrade', remember);
    const stomp = await connect(client.token);
    await stomp.subscribe();
    expect(upgrade?.deref()).toBeDefined();
    await expectCollected(upgrade);
    expect(stomp.client.connected).toBe(true);
  });

  it('answers a plain HTTP GET /ws (no upgrade) without a server error', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/ws' });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
  });

  it('refuses a subscription to anything but the message destinations, and stays connected', async () => {
    const { client } = await pair();
    const stomp = await connect(client.token);
    await expect(stomp.subscribe('/topic/everything')).rejects.toThrow(
      es.chat.unknownDestination('/topic/everything'),
    );
    await stomp.subscribe('/user/queue/messages');
    expect(stomp.client.connected).toBe(true);
  });
});

describe('SEND /app/chat', () => {
  it('stores, then delivers to both participants on every session, with id and server timestamp', async () => {
    const { client, lawyer, chat } = await pair();
    const clientA = await subscribed(client.token);
    const clientB = await subscribed(client.token, '/user/queue/messages');
    const lawyerSession = await subscribed(lawyer.token);
    await clientA.send('/app/chat', {
      senderId: client.id,
      text: '  Hola, ¿mañana a las 10? 😀 ',
      userId: client.id,
      lawyerId: lawyer.id,
      type: '0',
      timestamp: null,
      clientMessageId: 'c-1',
    });
    for (const stomp of [clientA, clientB, lawyerSession]) {
      const [message] = await stomp.waitForMessages(1);
      expect(message).toEqual({
        id: expect.any(String),
        chatId: chat.id,
        senderId: client.id,
        senderName: 'Lucía García Pérez',
        senderImg: null,
        text: 'Hola, ¿mañana a las 10? 😀',
        timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        userId: client.id,
        lawyerId: lawyer.id,
        type: '0',
        proposalId: null,
        caseId: null,
        proposalAmount: null,
        proposalStatus: null,
        caseTitle: null,
        platformFee: null,
        platformFeeVat: null,
        platformFeeTotal: null,
        lawyerReceives: null,
        clientMessageId: 'c-1',
        counterDeclined: null,
        documentId: null,
        size: null,
        readAt: null,
        width: null,
        height: null,
      });
    }
    await settle();
    expect(clientA.messages).toHaveLength(1);
  });

  it('answers RECEIPT only once the message is stored', async () => {
    const { client, chat } = await pair();
    const stomp = await connect(client.token);
    await stomp.send('/app/chat', textMessage(chat, 'Guardado'));
    // the receipt has arrived: the row must already be there
    const rows = await t.app.db.select().from(messages).where(eq(messages.senderId, client.id));
    expect(rows.map((row) => row.text)).toEqual(['Guardado']);
  });

  it('delivers nothing to a third user, even subscribed to /topic/messages', async () => {
    const { client, lawyer, chat } = await pair();
    const stranger = await createUser(t.app);
    const spy = await subscribed(await signIn(t.app, stranger));
    const lawyerSession = await subscribed(lawyer.token);
    const clientSession = await connect(client.token);
    await clientSession.send('/app/chat', textMessage(chat, 'Privado'));
    await lawyerSession.waitForMessages(1);
    await settle();
    expect(spy.messages).toEqual([]);
  });

  it('refuses a forged senderId, and a sender who is not one of the pair', async () => {
    const { client, lawyer } = await pair();
    const other = await pair();
    const stomp = await connect(client.token);
    await expect(
      stomp.send('/app/chat', {
        senderId: lawyer.id,
        text: 'Soy el abogado',
        userId: client.id,
        lawyerId: lawyer.id,
        type: '0',
      }),
    ).rejects.toThrow(es.chat.notYourMessage);
    await expect(
      stomp.send('/app/chat', {
        text: 'Me cuelo',
        userId: other.client.id,
        lawyerId: other.lawyer.id,
        type: '0',
      }),
    ).rejects.toThrow(es.chat.chatNotFound);
    expect(await t.app.db.select().from(messages).where(eq(messages.senderId, client.id))).toEqual([]);
    expect(stomp.client.connected).toBe(true);
  });

  it('refuses types people may not send, blank or too long text and foreign image URLs', async () => {
    const { client, lawyer } = await pair();
    const stomp = await connect(client.token);
    const base = { userId: client.id, lawyerId: lawyer.id };
    const refusals: Array<[Record<string, unknown>, string]> = [
      [{ ...base, type: '2', text: 'Propuesta falsa' }, es.chat.typeNotAllowed],
      [{ ...base, type: '9', text: 'Valoración falsa' }, es.chat.typeNotAllowed],
      [{ ...base, type: '0', text: '   ' }, es.chat.emptyMessage],
      [
        { ...base, type: '0', text: 'a'.repeat(LIMITS.chatTextMax + 1) },
        es.chat.messageTooLong(LIMITS.chatTextMax),
      ],
      [{ ...base, type: 'image', text: 'https://evil.example/x.png' }, es.chat.imageNotOurs],
      [{ ...base, type: 'image', text: '/uploads/../etc/passwd' }, es.chat.imageNotOurs],
    ];
    for (const [body, message] of refusals) {
      await expect(stomp.send('/app/chat', body)).rejects.toThrow(message);
    }
    await stomp.send('/app/chat', { ...base, type: 'image', text: '/uploads/chat/abc.png' });
    await stomp.send('/app/chat', { ...base, type: '0', text: 'a'.repeat(LIMITS.chatTextMax) });
    const rows = await t.app.db.select().from(messages).where(eq(messages.senderId, client.id));
    expect(rows.map((row) => row.type)).toEqual(['image', '0']);
  });

  it('stores one message for a clientMessageId sent twice, answers both receipts, delivers once', async () => {
    const { client, lawyer, chat } = await pair();
    const lawyerSession = await subscribed(lawyer.token);
    const stomp = await connect(client.token);
    const body = textMessage(chat, 'Reintento', { clientMessageId: 'dup-1' });
    await stomp.send('/app/chat', body);
    await stomp.send('/app/chat', body);
    await lawyerSession.waitForMessages(1);
    await settle();
    expect(lawyerSession.messages).toHaveLength(1);
    const rows = await t.app.db
      .select()
      .from(messages)
      .where(and(eq(messages.senderId, client.id), eq(messages.clientMessageId, 'dup-1')));
    expect(rows).toHaveLength(1);
  });

  it('never delivers types 9 and 11 to the lawyer, only to the client', async () => {
    const { client, lawyer, chat } = await pair();
    const lawyerSession = await subscribed(lawyer.token);
    const clientSession = await subscribed(client.token);
    await t.app.chat.postMessage({ chatId: chat.id, senderId: null, type: '9', text: 'Valora' });
    await t.app.chat.postMessage({ chatId: chat.id, senderId: null, type: '11', text: 'Solo cliente' });
    await t.app.chat.postMessage({ chatId: chat.id, senderId: null, type: '8', text: 'Para los dos' });
    const received = await clientSession.waitForMessages(3);
    expect(received.map((m) => m.type)).toEqual(['9', '11', '8']);
    await lawyerSession.waitForMessages(1);
    await settle();
    expect(lawyerSession.messages.map((m) => m.type)).toEqual(['8']);
  });

  it('answers bad frames and bodies with ERROR and keeps serving', async () => {
    const { client, chat } = await pair();
    const stomp = await connect(client.token);
    stomp.client.publish({ destination: '/app/chat', body: '{no es json', headers: { receipt: 'bad-json' } });
    await expect.poll(() => stomp.errors.map((e) => e.headers.message)).toContain(es.chat.invalidJson);
    await expect(stomp.send('/app/nowhere', {})).rejects.toThrow(es.chat.unknownDestination('/app/nowhere'));
    expect(stomp.client.connected).toBe(true);

    // a raw socket speaking garbage gets an ERROR and is dropped; the server goes on
    const raw = new WebSocket(url, ['v12.stomp']);
    const frames: string[] = [];
    raw.on('message', (data) => frames.push(data.toString()));
    await new Promise((resolve) => raw.once('open', resolve));
    raw.send('HELLO\n\n\0');
    await new Promise((resolve) => raw.once('close', resolve));
    expect(frames[0]).toMatch(/^ERROR\n/);

    // a WebSocket message over 64 KiB closes that socket (1009), nothing else
    const huge = new WebSocket(url, ['v12.stomp']);
    await new Promise((resolve) => huge.once('open', resolve));
    huge.send(`SEND\ndestination:/app/chat\n\n${'x'.repeat(LIMITS.stompFrameMaxBytes + 1)}\0`);
    expect(await new Promise((resolve) => huge.once('close', resolve))).toBe(1009);

    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    await stomp.send('/app/chat', textMessage(chat, 'Sigo aquí'));
  });

  it('limits a user to 60 messages a minute with ERROR RATE_LIMITED, without closing', async () => {
    const { client, chat } = await pair();
    const stomp = await connect(client.token);
    const body = textMessage(chat, 'spam');
    for (let i = 0; i < LIMITS.chatMessagesPerMinute; i++) await stomp.send('/app/chat', body);
    await expect(stomp.send('/app/chat', body)).rejects.toThrow(es.chat.tooManyMessages);
    expect(stomp.errors.at(-1)?.headers.code).toBe('RATE_LIMITED');
    expect(stomp.client.connected).toBe(true);
    const rows = await t.app.db.select().from(messages).where(eq(messages.senderId, client.id));
    expect(rows).toHaveLength(LIMITS.chatMessagesPerMinute);
  });
});

describe('presence', () => {
  const lastConnectionOf = async (id: string) =>
    (await t.app.db.select({ at: users.lastConnection }).from(users).where(eq(users.id, id)))[0]?.at ?? null;
  const presence = (id: string, token: string) =>
    t.app.inject({ method: 'GET', url: `/api/users/${id}/presence`, headers: bearer(token) });

  it('follows /app/connect, /app/disconnect and the socket close, and updates last_connection', async () => {
    const { client, lawyer } = await pair();
    expect(await lastConnectionOf(lawyer.id)).toBeNull();
    const stomp = await connect(lawyer.token);
    const announcement = { userId: client.id, lawyerId: lawyer.id, userType: 'lawyer' };
    await stomp.send('/app/connect', announcement);
    expect((await presence(lawyer.id, client.token)).json().data.online).toBe(true);
    const connectedAt = await lastConnectionOf(lawyer.id);
    expect(connectedAt).toBeInstanceOf(Date);

    await stomp.send('/app/disconnect', announcement);
    const offline = (await presence(lawyer.id, client.token)).json().data;
    expect(offline.online).toBe(false);
    expect(new Date(offline.lastConnection).getTime()).toBeGreaterThanOrEqual(connectedAt?.getTime() ?? 0);

    await stomp.send('/app/connect', announcement);
    expect((await presence(lawyer.id, client.token)).json().data.online).toBe(true);
    const before = (await lastConnectionOf(lawyer.id))?.getTime() ?? 0;
    await settle(5);
    await stomp.disconnect();
    await expect.poll(async () => (await presence(lawyer.id, client.token)).json().data.online).toBe(false);
    await expect
      .poll(async () => (await lastConnectionOf(lawyer.id))?.getTime() ?? 0)
      .toBeGreaterThan(before);
  });
});

describe('bans and shutdown', () => {
  it('app.chat.disconnectUser closes every socket of the user', async () => {
    const { client } = await pair();
    const first = await subscribed(client.token);
    const second = await subscribed(client.token);
    await banUser(t.app, client.id);
    await t.app.chat.disconnectUser(client.id);
    await expect.poll(() => [first.closeCode(), second.closeCode()]).toEqual([1008, 1008]);
  });

  it('the admin ban path closes the banned user’s sockets', async () => {
    const { client } = await pair();
    const admin = await createUser(t.app, { role: 'ADMIN' });
    const stomp = await subscribed(client.token);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/admin/users/${client.id}/ban`,
      headers: bearer(await signIn(t.app, admin)),
      payload: {},
    });
    expect(res.statusCode).toBe(200);
    await expect.poll(() => stomp.closeCode()).toBe(1008);
  });

  it('closes the sockets of a session revoked by logout or a password reset at the next check', async () => {
    const { app, dataDir } = await listeningApp(t.database, { chat: { reverifyMs: 50 } });
    try {
      const client = await createUser(app);
      const stomp = await connectAs(app, client);
      await stomp.subscribe();
      await settle(120);
      expect(stomp.closeCode()).toBeUndefined();
      await app.sessions.revokeAll(client.id);
      await expect.poll(() => stomp.closeCode()).toBe(1008);
    } finally {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('checks every open session in one read and closes only those revoked behind its back', async () => {
    const { app, dataDir } = await listeningApp(t.database, { chat: { reverifyMs: 50 } });
    try {
      const [kept, revoked] = [await createUser(app), await createUser(app)];
      const keptStomp = await connectAs(app, kept);
      const revokedStomp = await connectAs(app, revoked);
      await keptStomp.subscribe();
      await revokedStomp.subscribe();
      // by hand in the database, as an operator would: no event tells the chat
      await app.db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.userId, revoked.id));
      await expect.poll(() => revokedStomp.closeCode()).toBe(1008);
      await settle(150);
      expect(keptStomp.closeCode()).toBeUndefined();
      const open = [{ sessionId: crypto.randomUUID(), userId: kept.id }];
      expect(await app.sessions.stillGood(open)).toEqual(new Set());
    } finally {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('logs a frame over the limit from a socket that never signed in at warn, not as a server error', async () => {
    const lines: Array<{ level: number; msg: string }> = [];
    const { app, dataDir } = await listeningApp(t.database, {
      env: { LOG_LEVEL: 'warn' },
      logStream: { write: (line) => lines.push(JSON.parse(line)) },
    });
    try {
      const socket = new WebSocket(wsUrl(app), ['v12.stomp']);
      await new Promise((resolve) => socket.once('open', resolve));
      const closed = new Promise<number>((resolve) => socket.once('close', resolve));
      socket.send(`SEND\ndestination:/app/chat\n\n${'x'.repeat(FRAME_LIMITS.maxFrameBytes + 1)}\u0000`);
      expect(await closed).toBe(1009);
      await expect
        .poll(() => lines.map((line) => line.msg))
        .toContain('websocket closed on input from the peer');
      expect(lines.find((line) => line.msg === 'websocket closed on input from the peer')?.level).toBe(40);
      expect(lines.filter((line) => line.level >= 50)).toEqual([]);
    } finally {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('answers every SEND in flight (RECEIPT, or ERROR) before a shutdown closes the socket', async () => {
    const other = await buildTestApp();
    await other.app.listen({ port: 0, host: '127.0.0.1' });
    const client = await createUser(other.app);
    const lawyer = await createLawyer(other.app);
    const chat = await other.app.chat.openChat(client.id, lawyer.id);
    const stomp = await connectAs(other.app, client);
    await stomp.subscribe();
    // the chat's row is held a moment, as a busy database would: the SENDs wait in the session's queue
    let locked!: () => void;
    const lockTaken = new Promise<void>((resolve) => {
      locked = resolve;
    });
    const held = other.app.db.transaction(async (tx) => {
      await tx.select({ id: chats.id }).from(chats).where(eq(chats.id, chat.id)).for('update');
      locked();
      await settle(600);
    });
    // on PostgreSQL the lock waits for a pooled connection: the SENDs go only once it is held
    await lockTaken;
    const outcomes: string[] = [];
    const sends = Array.from({ length: 20 }, (_, i) =>
      stomp.send('/app/chat', textMessage(chat, `mensaje ${i}`, { clientMessageId: `shutdown-${i}` })).then(
        () => outcomes.push('RECEIPT'),
        (error: Error) => outcomes.push(error.message === 'closed' ? 'unanswered' : 'ERROR'),
      ),
    );
    await settle(200);
    expect(outcomes).toEqual([]);
    const stored = () =>
      other.app.db.select({ text: messages.text }).from(messages).where(eq(messages.chatId, chat.id));
    const closing = other.app.close();
    await Promise.all(sends);
    await held;
    const answered = (await stored()).length;
    await closing;
    await other.close();
    expect(outcomes.filter((outcome) => outcome === 'unanswered')).toEqual([]);
    // every RECEIPT means a stored message
    expect(answered).toBeGreaterThanOrEqual(outcomes.filter((outcome) => outcome === 'RECEIPT').length);
    expect(stomp.closeCode()).toBe(1001);
  });

  it('closes every socket when the app closes', async () => {
    const other = await buildTestApp();
    await other.app.listen({ port: 0, host: '127.0.0.1' });
    const client = await createUser(other.app);
    const stomp = await connectAs(other.app, client);
    await stomp.subscribe();
    await other.close();
    await expect.poll(() => stomp.closeCode()).toBe(1001);
  });
});
