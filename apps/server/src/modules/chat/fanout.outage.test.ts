import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  closeAllStomp,
  connectAs,
  listeningApp,
  listeningFanout,
  settle,
  textMessage,
} from '../../../test/chat-stomp.ts';
import { openTestDatabase } from '../../../test/database.ts';
import { bearer, createLawyer, createUser, signIn } from '../../../test/factories.ts';
import { startTcpProxy, type TcpProxy } from '../../../test/tcp-proxy.ts';
import type { App } from '../../app.ts';
import type { Database } from '../../db/database.ts';
import { messages } from '../../db/schema/index.ts';
import { REDIS_COMMAND_TIMEOUT_MS } from '../../plugins/redis.ts';
import type { ChatEvent } from './fanout.ts';

/**
 * docs/decisions/0009-chat-delivery-under-faults.md: Redis failing never holds up the chat. Two app
 * instances in this test's process, each listening on a port of its own with its own Redis connections
 * (what two server processes share is only Redis and the database), reach the real Redis through a proxy
 * this test owns, which stalls and then refuses connections. Runs only when REDIS_URL is set;
 * bench/hardening.mjs measures the same outage on two real server processes.
 */
const redisUrl = process.env.REDIS_URL;
/**
 * "At once" for an acknowledgement. Every SEND below is answered while Redis is still stalled or refusing:
 * anything on its way that asked Redis would wait for the command to give up (REDIS_COMMAND_TIMEOUT_MS,
 * 1 s) or for Redis to come back, so the budget stays under that. A stored message takes tens of
 * milliseconds on a quiet machine, a few hundred on a busy one.
 */
const RECEIPT_BUDGET_MS = REDIS_COMMAND_TIMEOUT_MS - 200;
/** How long a cross-process delivery may take on a busy machine (reconnects back off up to 2 s). */
const CROSSING_MS = 15_000;

describe.skipIf(!redisUrl)('chat during a Redis outage', () => {
  const prefix = `l4l-test-${randomBytes(6).toString('hex')}`;
  const dataDirs: string[] = [];
  let proxy: TcpProxy;
  let database: Database;
  let first: App;
  let second: App;

  async function instance(options: { maxQueued?: number } = {}) {
    const target = new URL(redisUrl!);
    target.host = `127.0.0.1:${proxy.port}`;
    const { app, dataDir } = await listeningApp(database, {
      env: { REDIS_URL: target.toString(), REDIS_PREFIX: prefix },
      chat: { fanoutLimits: options },
    });
    dataDirs.push(dataDir);
    return app;
  }

  beforeAll(async () => {
    proxy = await startTcpProxy({ targetPort: Number(new URL(redisUrl!).port || 6379) });
    database = await openTestDatabase(inject('dbTemplate'));
    first = await instance();
    second = await instance();
  });

  afterAll(async () => {
    await proxy?.resume();
    await closeAllStomp();
    await first?.close();
    await second?.close();
    await database?.close();
    await proxy?.close();
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  });

  it('acknowledges and delivers on the same process at once, and delivers across once Redis is back', async () => {
    const client = await createUser(first);
    const lawyer = await createLawyer(first);
    const chat = await first.chat.openChat(client.id, lawyer.id);
    const clientHere = await connectAs(first, client);
    const lawyerHere = await connectAs(first, lawyer);
    const lawyerThere = await connectAs(second, lawyer);
    for (const stomp of [clientHere, lawyerHere, lawyerThere]) await stomp.subscribe();

    // Redis healthy: the first message crosses
    await clientHere.send('/app/chat', textMessage(chat, 'antes del corte', { clientMessageId: 'm-0' }));
    await lawyerThere.waitForMessages(1, CROSSING_MS);

    const receiptMs: number[] = [];
    const deliveryMs: number[] = [];
    const sendTimed = async (i: number) => {
      const started = performance.now();
      await clientHere.send(
        '/app/chat',
        textMessage(chat, `durante el corte ${i}`, { clientMessageId: `m-${i}` }),
      );
      receiptMs.push(performance.now() - started);
      // the lawyer's session on the same process gets it as soon as it is stored (another socket, so it
      // may land a moment after the sender's RECEIPT)
      await lawyerHere.waitForMessages(i + 1, RECEIPT_BUDGET_MS);
      deliveryMs.push(performance.now() - started);
    };

    // a network that stops answering, then a Redis that refuses connections
    proxy.stall();
    for (let i = 1; i <= 5; i++) await sendTimed(i);
    await proxy.refuse();
    for (let i = 6; i <= 10; i++) await sendTimed(i);
    expect(Math.max(...receiptMs), `RECEIPT waits: ${receiptMs.map(Math.round).join(', ')} ms`).toBeLessThan(
      RECEIPT_BUDGET_MS,
    );
    expect(
      Math.max(...deliveryMs),
      `same-process delivery: ${deliveryMs.map(Math.round).join(', ')} ms`,
    ).toBeLessThan(RECEIPT_BUDGET_MS);
    expect(lawyerHere.messages.map((m) => m.text).at(-1)).toBe('durante el corte 10');
    const stored = await first.db.select({ id: messages.id }).from(messages);
    expect(stored.length).toBeGreaterThanOrEqual(11);

    await proxy.resume();
    await lawyerThere.waitForMessages(11, CROSSING_MS);
    await settle(500);
    expect(lawyerThere.messages.map((m) => m.text)).toEqual([
      'antes del corte',
      ...Array.from({ length: 10 }, (_, i) => `durante el corte ${i + 1}`),
    ]);
    expect(lawyerThere.messages.map((m) => m.id)).toEqual(lawyerHere.messages.map((m) => m.id));

    // and the way back works as before
    await lawyerThere.send('/app/chat', textMessage(chat, 'de vuelta'));
    await clientHere.waitForMessages(12, CROSSING_MS);
  });

  it('asks the other process’s clients to reconnect and reread when more was sent than the outbox keeps', async () => {
    const small = await instance({ maxQueued: 2 });
    try {
      const client = await createUser(small);
      const lawyer = await createLawyer(small);
      const chat = await small.chat.openChat(client.id, lawyer.id);
      const clientHere = await connectAs(small, client);
      const lawyerThere = await connectAs(second, lawyer);
      await lawyerThere.subscribe();
      await clientHere.send('/app/chat', textMessage(chat, 'primero'));
      await lawyerThere.waitForMessages(1, CROSSING_MS);
      await proxy.refuse();
      for (let i = 1; i <= 4; i++) await clientHere.send('/app/chat', textMessage(chat, `corte ${i}`));
      await proxy.resume();
      // two of the four are gone from the outbox: the lawyer's socket closes so the web reconnects and rereads
      await expect.poll(() => lawyerThere.closeCode(), { timeout: CROSSING_MS }).toBe(1012);
      const history = await second.inject({
        method: 'GET',
        url: `/api/chat/${client.id}/${lawyer.id}`,
        headers: bearer(await signIn(second, lawyer)),
      });
      expect(history.json().data.messages.map((m: { text: string }) => m.text)).toEqual([
        'primero',
        'corte 1',
        'corte 2',
        'corte 3',
        'corte 4',
      ]);
    } finally {
      await small.close();
    }
  });
});

describe.skipIf(!redisUrl)('the outbox of a process cut off from Redis', () => {
  const prefix = `l4l-test-${randomBytes(6).toString('hex')}`;
  let proxy: TcpProxy;
  const closers: Array<() => Promise<void>> = [];
  beforeAll(async () => {
    proxy = await startTcpProxy({ targetPort: Number(new URL(redisUrl!).port || 6379) });
  });
  afterAll(async () => {
    await proxy.resume();
    for (const close of closers) await close();
    await proxy.close();
  });

  it('keeps at most maxQueued events, and the other processes resync for the ones it dropped', async () => {
    const behindProxy = new URL(redisUrl!);
    behindProxy.host = `127.0.0.1:${proxy.port}`;
    const cutOff = await listeningFanout(behindProxy.toString(), prefix, { maxQueued: 3 });
    const other = await listeningFanout(redisUrl!, prefix);
    closers.push(cutOff.fanout.close, other.fanout.close);
    await settle(300);
    const ban = (n: number): ChatEvent => ({ kind: 'disconnect', userId: `user-${n}` });

    cutOff.fanout.publish(ban(1));
    await expect.poll(() => other.events, { timeout: CROSSING_MS }).toEqual([ban(1)]);
    await proxy.refuse();
    for (let n = 2; n <= 7; n++) cutOff.fanout.publish(ban(n));
    // this process delivered all of them to its own sockets at once
    expect(cutOff.events).toEqual([1, 2, 3, 4, 5, 6, 7].map(ban));
    await proxy.resume();
    await expect.poll(() => other.events.length, { timeout: CROSSING_MS }).toBe(5);
    await settle(300);
    expect(other.events).toEqual([ban(1), { kind: 'resync' }, ban(5), ban(6), ban(7)]);
  });

  it('drops a connection that stopped answering and hands over what waited, each event once', async () => {
    const behindProxy = new URL(redisUrl!);
    behindProxy.host = `127.0.0.1:${proxy.port}`;
    const stalled = await listeningFanout(behindProxy.toString(), prefix, { commandTimeoutMs: 300 });
    const other = await listeningFanout(redisUrl!, prefix);
    closers.push(stalled.fanout.close, other.fanout.close);
    await settle(300);
    const ban = (n: number): ChatEvent => ({ kind: 'disconnect', userId: `stalled-${n}` });
    stalled.fanout.publish(ban(1));
    await expect.poll(() => other.events, { timeout: CROSSING_MS }).toEqual([ban(1)]);
    proxy.stall();
    for (let n = 2; n <= 4; n++) stalled.fanout.publish(ban(n));
    // long enough for the append to time out and the connection to be dropped and opened again
    await settle(1000);
    expect(other.events).toEqual([ban(1)]);
    await proxy.resume();
    await expect.poll(() => other.events.length, { timeout: CROSSING_MS }).toBe(4);
    await settle(300);
    expect(other.events).toEqual([1, 2, 3, 4].map(ban));
  });
});
