import { es } from '@l4l/shared/texts/es';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/app.ts';
import { closeAllStomp, connectAs, settle, textMessage, wsUrl } from '../../../test/chat-stomp.ts';
import { bearer, createLawyer, createUser, signIn } from '../../../test/factories.ts';
import { messages, users } from '../../db/schema/index.ts';

let t: Awaited<ReturnType<typeof buildTestApp>>;
beforeAll(async () => {
  t = await buildTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  expect(wsUrl(t.app)).toMatch(/^ws:/);
});
afterEach(closeAllStomp);
afterAll(async () => t.close());

async function pair() {
  const client = await createUser(t.app);
  const lawyer = await createLawyer(t.app);
  const chat = await t.app.chat.openChat(client.id, lawyer.id);
  return { client, lawyer, chat };
}

describe('SEND /app/read', () => {
  it('marks the other side’s messages read up to the one named and tells their sender', async () => {
    const { client, lawyer, chat } = await pair();
    const sender = await connectAs(t.app, client);
    await sender.subscribe('/user/queue/read');
    const reader = await connectAs(t.app, lawyer);
    await reader.subscribe('/user/queue/messages');
    await sender.send('/app/chat', textMessage(chat, 'Primero'));
    await sender.send('/app/chat', textMessage(chat, 'Segundo'));
    const [first, second] = await reader.waitForMessages(2);
    expect(first?.readAt).toBeNull();

    await reader.send('/app/read', { chatId: chat.id, upTo: first!.id });
    const [receipt] = (await sender.waitForMessages(1)) as unknown as Array<Record<string, string>>;
    expect(receipt).toMatchObject({ chatId: chat.id, upTo: first!.id });
    const rows = await t.app.db.select().from(messages).where(eq(messages.chatId, chat.id));
    const byId = new Map(rows.map((row) => [row.id, row]));
    expect(byId.get(first!.id)?.readAt?.toISOString()).toBe(receipt!.readAt);
    expect(byId.get(second!.id)?.readAt).toBeNull();

    const history = await t.app.inject({
      method: 'GET',
      url: `/api/chat/${client.id}/${lawyer.id}`,
      headers: bearer(await signIn(t.app, client)),
    });
    const shown = history.json().data.messages.find((m: { id: string }) => m.id === first!.id);
    expect(shown.readAt).toBe(receipt!.readAt);
  });

  it('answers a bad frame with an ERROR and keeps the session', async () => {
    const { client, chat } = await pair();
    const other = await pair();
    const stomp = await connectAs(t.app, client);
    await expect(stomp.send('/app/read', { chatId: 'no' })).rejects.toThrow(es.chat.chatNotFound);
    await expect(stomp.send('/app/read', { chatId: other.chat.id, upTo: other.chat.id })).rejects.toThrow(
      es.chat.chatNotFound,
    );
    await expect(stomp.send('/app/read', { chatId: chat.id, upTo: other.chat.id })).rejects.toThrow(
      es.chat.messageNotFound,
    );
    await expect(stomp.send('/app/typing', {})).rejects.toThrow(es.chat.chatNotFound);
    // still connected: a good frame is answered
    await stomp.send('/app/typing', { chatId: chat.id });
    expect(stomp.closeCode()).toBeUndefined();
  });
});

describe('SEND /app/typing', () => {
  it('tells the other participant on /user/queue/typing, and stores nothing', async () => {
    const { client, lawyer, chat } = await pair();
    const typist = await connectAs(t.app, client);
    const other = await connectAs(t.app, lawyer);
    await other.subscribe('/user/queue/typing');
    await typist.subscribe('/user/queue/typing');
    await typist.send('/app/typing', { chatId: chat.id });
    const [signal] = await other.waitForMessages(1);
    expect(signal).toEqual({ chatId: chat.id, userId: client.id });
    await settle();
    expect(typist.messages).toEqual([]);
    expect(await t.app.db.select().from(messages).where(eq(messages.chatId, chat.id))).toEqual([]);
  });
});

describe('presence on /user/queue/presence', () => {
  type Push = { userId: string; online: boolean; lastConnection: string | null };

  it('tells everyone who shares a chat when a person comes online and leaves, once per change', async () => {
    const { client, lawyer } = await pair();
    const watcher = await connectAs(t.app, client);
    await watcher.subscribe('/user/queue/presence');
    // someone who shares no chat with the lawyer hears nothing of them
    const stranger = await connectAs(t.app, await createUser(t.app));
    await stranger.subscribe('/user/queue/presence');

    const first = await connectAs(t.app, lawyer);
    const [online] = (await watcher.waitForMessages(1)) as unknown as Push[];
    expect(online).toMatchObject({ userId: lawyer.id, online: true });
    expect(Date.parse(online?.lastConnection ?? '')).not.toBeNaN();

    // a second tab of the same person changes nothing: no second push
    const second = await connectAs(t.app, lawyer);
    await second.send('/app/connect', {});
    // the lawyer says goodbye on both tabs: offline now, with the time of leaving
    await first.send('/app/disconnect', {});
    await second.send('/app/disconnect', {});
    const pushes = (await watcher.waitForMessages(2)) as unknown as Push[];
    expect(pushes.map((push) => [push.userId, push.online])).toEqual([
      [lawyer.id, true],
      [lawyer.id, false],
    ]);
    const [row] = await t.app.db
      .select({ lastConnection: users.lastConnection })
      .from(users)
      .where(eq(users.id, lawyer.id));
    expect(pushes[1]?.lastConnection).toBe(row?.lastConnection?.toISOString());

    // a round trip on the stranger's own socket: any push to it would have come before this receipt
    await stranger.send('/app/connect', {});
    expect(stranger.messages).toEqual([]);
    // and the presence answer agrees with what was pushed
    const answer = await t.app.inject({
      method: 'GET',
      url: `/api/users/${lawyer.id}/presence`,
      headers: bearer(await signIn(t.app, client)),
    });
    expect(answer.json().data).toEqual({ online: false, lastConnection: pushes[1]?.lastConnection });
  });
});
