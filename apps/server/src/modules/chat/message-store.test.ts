import { randomUUID } from 'node:crypto';
import { MESSAGE_TYPE } from '@l4l/shared/constants/messages';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/app.ts';
import { createLawyer, createUser } from '../../../test/factories.ts';
import { chats, messages } from '../../db/schema/index.ts';
import { createChatRepository } from './chat.repository.ts';
import { type NewMessage, storeMessages } from './message-store.ts';

type TestApp = Awaited<ReturnType<typeof buildTestApp>>;

/** Messages stored together, in one statement: what the chat does with a burst of SENDs. */
describe('messages stored together', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t.close());

  async function newChat() {
    const client = await createUser(t.app);
    const lawyer = await createLawyer(t.app);
    const chat = await t.app.chat.openChat(client.id, lawyer.id);
    return { client, lawyer, chatId: chat.id };
  }

  const text = (chatId: string, senderId: string, words: string, clientMessageId?: string): NewMessage => ({
    id: randomUUID(),
    chatId,
    senderId,
    type: MESSAGE_TYPE.TEXT,
    text: words,
    clientMessageId: clientMessageId ?? null,
  });

  it('keep the order given, answer each caller its own message and mark the first reply once', async () => {
    const { client, lawyer, chatId } = await newChat();
    const given = [
      text(chatId, lawyer.id, 'Buenos días.'),
      text(chatId, client.id, 'Tengo una duda sobre mi hipoteca.', 'c-1'),
      text(chatId, client.id, 'Es urgente.', 'c-1'),
      text(chatId, lawyer.id, 'Cuénteme.'),
      text(chatId, lawyer.id, 'Le escucho.'),
    ];
    const answers = await storeMessages(t.app.db, undefined, given);

    expect(answers.map((answer) => answer?.id)).toEqual([
      given[0]?.id,
      given[1]?.id,
      undefined,
      given[3]?.id,
      given[4]?.id,
    ]);
    expect(answers.map((answer) => answer?.text)).toEqual([
      'Buenos días.',
      'Tengo una duda sobre mi hipoteca.',
      undefined,
      'Cuénteme.',
      'Le escucho.',
    ]);
    // the lawyer writing before the client is no reply; the first message after the client's is
    expect(answers.map((answer) => answer?.firstReply)).toEqual([false, false, undefined, true, false]);

    const stored = await t.app.db
      .select({ id: messages.id })
      .from(messages)
      .where(eq(messages.chatId, chatId))
      .orderBy(asc(messages.seq));
    expect(stored.map((row) => row.id)).toEqual([given[0]?.id, given[1]?.id, given[3]?.id, given[4]?.id]);
    const [row] = await t.app.db.select().from(chats).where(eq(chats.id, chatId));
    expect(row?.firstClientMessageAt).not.toBeNull();
    expect(row?.firstReplyAt).not.toBeNull();
    expect(row?.lastMessageAt?.getTime()).toBe(answers[4]?.createdAt.getTime());
  });

  it('answer each stored message as a reader reads it back, what was given and what the database adds', async () => {
    const { client, lawyer, chatId } = await newChat();
    const given = [
      text(chatId, client.id, 'Hola, le escribo por la herencia.', 'c-read-1'),
      { ...text(chatId, lawyer.id, 'Aquí tiene el borrador.', 'l-read-1'), documentSize: 2048 },
    ];
    const answers = await storeMessages(t.app.db, undefined, given);
    const repository = createChatRepository(t.app.db);
    const readBack = await Promise.all([
      repository.findMessageByClientId(client.id, 'c-read-1'),
      repository.findMessageByClientId(lawyer.id, 'l-read-1'),
    ]);
    expect(readBack.every(Boolean)).toBe(true);
    expect(answers.map((answer) => answer && { ...answer, firstReply: undefined })).toEqual(
      readBack.map((row) => ({ ...row, firstReply: undefined })),
    );
    expect(answers[1]).toMatchObject({ senderId: lawyer.id, userId: client.id, lawyerId: lawyer.id });
  });

  it('a burst of messages through the service: every one stored once, in each sender’s order', async () => {
    const pairs: Array<Awaited<ReturnType<typeof newChat>>> = [];
    for (let i = 0; i < 6; i += 1) pairs.push(await newChat());
    // six senders at once, each one message after another, as a STOMP session handles its SENDs
    const posted = await Promise.all(
      pairs.map(async ({ client, chatId }) => {
        const mine = [];
        for (let i = 0; i < 10; i += 1) {
          mine.push(
            await t.app.chat.postMessage({
              chatId,
              senderId: client.id,
              type: MESSAGE_TYPE.TEXT,
              text: `Mensaje ${i}`,
              clientMessageId: `m-${i}`,
            }),
          );
        }
        return mine;
      }),
    );
    // the same clientMessageId again answers the message stored first
    const first = pairs[0];
    if (!first) throw new Error('no pair');
    const again = await t.app.chat.postMessage({
      chatId: first.chatId,
      senderId: first.client.id,
      type: MESSAGE_TYPE.TEXT,
      text: 'Mensaje 0',
      clientMessageId: 'm-0',
    });
    expect(again.message.id).toBe(posted[0]?.[0]?.message.id);
    for (const { chatId } of pairs) {
      const rows = await t.app.db
        .select({ text: messages.text })
        .from(messages)
        .where(eq(messages.chatId, chatId))
        .orderBy(asc(messages.seq));
      expect(rows.map((row) => row.text)).toEqual(Array.from({ length: 10 }, (_, i) => `Mensaje ${i}`));
    }
  });

  it('a message for a chat that is gone fails alone; the others of its group are stored', async () => {
    const { client, chatId } = await newChat();
    const answers = await Promise.allSettled([
      t.app.chat.postMessage({ chatId, senderId: client.id, type: MESSAGE_TYPE.TEXT, text: 'Uno' }),
      t.app.chat.postMessage({
        chatId: randomUUID(),
        senderId: client.id,
        type: MESSAGE_TYPE.TEXT,
        text: 'Dos',
      }),
      t.app.chat.postMessage({ chatId, senderId: client.id, type: MESSAGE_TYPE.TEXT, text: 'Tres' }),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    const rows = await t.app.db
      .select({ text: messages.text })
      .from(messages)
      .where(eq(messages.chatId, chatId));
    expect(rows.map((row) => row.text).sort()).toEqual(['Tres', 'Uno']);
  });

  it('find the chats of pairs asked together, and none for a pair without one', async () => {
    const first = await newChat();
    const second = await newChat();
    const answers = await createChatRepository(t.app.db).chatIdsOfPairs([
      { userId: second.client.id, lawyerId: second.lawyer.id },
      { userId: first.client.id, lawyerId: second.lawyer.id },
      { userId: first.client.id, lawyerId: first.lawyer.id },
    ]);
    expect(answers).toEqual([second.chatId, undefined, first.chatId]);
  });

  it('two groups over the same chats in opposite orders both commit: the chats are locked in one order', async () => {
    const pairs: Array<Awaited<ReturnType<typeof newChat>>> = [];
    for (let i = 0; i < 8; i += 1) pairs.push(await newChat());
    for (let round = 0; round < 15; round += 1) {
      const forward = pairs.map(({ client, chatId }) => text(chatId, client.id, `Ida ${round}`));
      const backward = [...pairs]
        .reverse()
        .map(({ lawyer, chatId }) => text(chatId, lawyer.id, `Vuelta ${round}`));
      const answers = await Promise.all([
        storeMessages(t.app.db, undefined, forward),
        storeMessages(t.app.db, undefined, backward),
      ]);
      expect(answers.flat().every((answer) => answer !== undefined)).toBe(true);
    }
  });
});
