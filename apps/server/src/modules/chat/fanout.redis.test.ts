import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { closeAllStomp, connectAs, listeningApp, settle, textMessage } from '../../../test/chat-stomp.ts';
import { openTestDatabase } from '../../../test/database.ts';
import { bearer, createLawyer, createUser, signIn } from '../../../test/factories.ts';
import type { App } from '../../app.ts';
import type { Database } from '../../db/database.ts';

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
      chat: { redisPrefix: prefix },
      env: { REDIS_URL: redisUrl },
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
});
