import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { es } from '@l4l/shared/texts/es';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  closeAllStomp,
  connectAs,
  listeningApp,
  listeningFanout,
  openStomp,
  settle,
  textMessage,
  wsUrl,
} from '../../../test/chat-stomp.ts';
import { openTestDatabase } from '../../../test/database.ts';
import { bearer, createLawyer, createUser, signIn } from '../../../test/factories.ts';
import type { App } from '../../app.ts';
import type { Database } from '../../db/database.ts';
import { type Fanout, redisKeys } from './fanout.ts';

/**
 * ADR 0010, Several processes: several processes on one database deliver each other's messages through Redis. Two app
 * instances here share one database (one PGlite object, or one PostgreSQL database) and a Redis channel
 * prefix of their own. Runs only when REDIS_URL is set.
 */
const redisUrl = process.env.REDIS_URL;

describe.skipIf(!redisUrl)('chat fan-out through Redis', () => {
  const prefix = `l4l-test-${randomBytes(6).toString('hex')}`;
  const dataDirs: string[] = [];
  let database: Database;
  let first: App;
  let second: App;

  async function instance() {
    const { app, dataDir } = await listeningApp(database, {
      env: { REDIS_URL: redisUrl, REDIS_PREFIX: prefix },
    });
    dataDirs.push(dataDir);
    return app;
  }

  beforeAll(async () => {
    database = await openTestDatabase(inject('dbTemplate'));
    first = await instance();
    second = await instance();
  });

  afterAll(async () => {
    await closeAllStomp();
    await first?.close();
    await second?.close();
    await database?.close();
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  });

  it('delivers a message sent on one process to the participant connected to the other, and nobody else', async () => {
    const client = await createUser(first);
    const lawyer = await createLawyer(first);
    const stranger = await createUser(first);
    const chat = await first.chat.openChat(client.id, lawyer.id);
    const clientHere = await connectAs(first, client);
    const lawyerThere = await connectAs(second, lawyer);
    const strangerThere = await connectAs(second, stranger);
    for (const stomp of [clientHere, lawyerThere, strangerThere]) await stomp.subscribe();

    await clientHere.send(
      '/app/chat',
      textMessage(chat, 'Hola desde el proceso 1', { clientMessageId: 'redis-1' }),
    );
    const [there] = await lawyerThere.waitForMessages(1);
    expect(there).toMatchObject({
      text: 'Hola desde el proceso 1',
      senderId: client.id,
      clientMessageId: 'redis-1',
    });
    const [here] = await clientHere.waitForMessages(1);
    expect(here?.id).toBe(there?.id);

    await lawyerThere.send('/app/chat', textMessage(chat, 'Respuesta'));
    await clientHere.waitForMessages(2);
    await settle();
    expect(clientHere.messages.map((m) => m.text)).toEqual(['Hola desde el proceso 1', 'Respuesta']);
    expect(lawyerThere.messages).toHaveLength(2);
    expect(strangerThere.messages).toEqual([]);
  });

  it('keeps client-only messages posted on one process away from the lawyer on the other', async () => {
    const client = await createUser(first);
    const lawyer = await createLawyer(first);
    const chat = await first.chat.openChat(client.id, lawyer.id);
    const clientThere = await connectAs(second, client);
    const lawyerThere = await connectAs(second, lawyer);
    await clientThere.subscribe();
    await lawyerThere.subscribe();
    await first.chat.postMessage({ chatId: chat.id, senderId: null, type: '11', text: 'Solo cliente' });
    await first.chat.postMessage({ chatId: chat.id, senderId: null, type: '8', text: 'Para los dos' });
    await clientThere.waitForMessages(2);
    await lawyerThere.waitForMessages(1);
    await settle();
    expect(lawyerThere.messages.map((m) => m.type)).toEqual(['8']);
  });

  it('shows a user connected to one process as online to a peer asking the other', async () => {
    const client = await createUser(first);
    const lawyer = await createLawyer(first);
    await first.chat.openChat(client.id, lawyer.id);
    const presence = async () =>
      (
        await first.inject({
          method: 'GET',
          url: `/api/users/${lawyer.id}/presence`,
          headers: bearer(await signIn(first, client)),
        })
      ).json().data.online;
    expect(await presence()).toBe(false);
    const stomp = await connectAs(second, lawyer);
    await expect.poll(presence).toBe(true);
    await stomp.send('/app/disconnect', { userId: client.id, lawyerId: lawyer.id, userType: 'lawyer' });
    await expect.poll(presence).toBe(false);
    await stomp.send('/app/connect', { userId: client.id, lawyerId: lawyer.id, userType: 'lawyer' });
    await expect.poll(presence).toBe(true);
    await stomp.disconnect();
    await expect.poll(presence).toBe(false);
  });

  it('closes a banned user’s sockets on the other process', async () => {
    const client = await createUser(first);
    const stomp = await connectAs(second, client);
    await stomp.subscribe();
    await first.chat.disconnectUser(client.id);
    await expect.poll(() => stomp.closeCode()).toBe(1008);
  });

  it('pushes to a user’s sessions on the other process (a notification, docs/notifications.md)', async () => {
    const client = await createUser(first);
    const stranger = await createUser(first);
    const there = await connectAs(second, client);
    const other = await connectAs(second, stranger);
    for (const stomp of [there, other]) await stomp.subscribe('/user/queue/notifications');
    await first.chat.pushToUser(client.id, '/user/queue/notifications', JSON.stringify({ id: 'n1' }));
    expect(await there.waitForMessages(1)).toEqual([{ id: 'n1' }]);
    await settle();
    expect(other.messages).toEqual([]);
  });

  it('closes a session’s sockets on the other process at its logout, which then refuses its reconnect', async () => {
    const client = await createUser(first);
    const token = await signIn(first, client);
    const connect = (with_: string) =>
      openStomp(wsUrl(second), { headers: { Authorization: `Bearer ${with_}` } });
    const there = await connect(token);
    const otherSession = await connect(await signIn(first, client));
    expect(there.client.connected).toBe(true);

    const res = await first.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    await expect.poll(() => there.closeCode(), { timeout: 1000 }).toBe(1008);
    // within the second the other process would still have trusted its remembered session check
    const again = await connect(token);
    expect(again.client.connected).toBe(false);
    expect(again.errors[0]?.headers.message).toBe(es.stomp.unauthorized);
    expect(otherSession.client.connected).toBe(true);
  });
});

describe.skipIf(!redisUrl)('two deployments on one Redis (REDIS_PREFIX, database number)', () => {
  const prefix = `l4l-test-${randomBytes(6).toString('hex')}`;
  const other = `${prefix}-other`;
  const onDatabase = (db: number) => {
    const url = new URL(redisUrl!);
    url.pathname = `/${db}`;
    return url.toString();
  };
  const opened: Fanout[] = [];
  const open = async (db: number, withPrefix: string) => {
    const made = await listeningFanout(onDatabase(db), withPrefix);
    opened.push(made.fanout);
    return made;
  };
  afterAll(async () => {
    await Promise.all(opened.map((fanout) => fanout.close()));
  });

  it('never lets a deployment hear another on the same Redis, whatever the prefix or database', async () => {
    const publisher = await open(2, prefix);
    const sameDeployment = await open(2, prefix);
    const otherDatabase = await open(3, prefix);
    const otherPrefix = await open(2, other);
    // each reader starts after what the stream holds now: let the four be listening first
    await settle(300);
    const userId = randomBytes(8).toString('hex');
    publisher.fanout.publish({ kind: 'disconnect', userId });
    await expect
      .poll(() => sameDeployment.events, { timeout: 5000 })
      .toEqual([{ kind: 'disconnect', userId }]);
    await settle(300);
    expect(otherDatabase.events).toEqual([]);
    expect(otherPrefix.events).toEqual([]);
  });

  it('hands a burst of events over in batches, in order and each once (an approval alerting a category)', async () => {
    const publisher = await open(2, `${prefix}-burst`);
    const listener = await open(2, `${prefix}-burst`);
    await settle(300);
    const userIds = Array.from({ length: 1_000 }, (_, i) => `abogada-${i}`);
    for (const userId of userIds) {
      publisher.fanout.publish({
        kind: 'push',
        userIds: [userId],
        destination: '/user/queue/notifications',
        body: '{}',
      });
    }
    publisher.fanout.publish({ kind: 'disconnect', userId: 'after-the-burst' });
    await expect.poll(() => listener.events.length, { timeout: 10_000 }).toBe(1_001);
    expect(listener.events.at(-1)).toEqual({ kind: 'disconnect', userId: 'after-the-burst' });
    expect(
      listener.events.slice(0, -1).map((event) => (event.kind === 'push' ? event.userIds[0] : '')),
    ).toEqual(userIds);
  });

  it('keeps every key of the chat under the prefix, in the database of REDIS_URL', async () => {
    const { fanout } = await open(2, prefix);
    const userId = randomBytes(8).toString('hex');
    fanout.presence.update(userId, true);
    fanout.publish({ kind: 'disconnect', userId });
    const redis = new Redis(onDatabase(2));
    try {
      const keys = redisKeys(prefix);
      await expect.poll(() => redis.exists(keys.presence(userId))).toBe(1);
      await expect.poll(() => redis.exists(keys.stream)).toBe(1);
      expect(keys.presence(userId).startsWith(`${prefix}:`)).toBe(true);
      expect(keys.stream.startsWith(`${prefix}:`)).toBe(true);
      // nothing of this user anywhere else in that database
      expect(await redis.keys(`*${userId}*`)).toEqual([keys.presence(userId)]);
      await redis.del(keys.stream, keys.presence(userId), redisKeys(other).stream);
    } finally {
      redis.disconnect();
    }
  });
});
