import { es } from '@l4l/shared/texts/es';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/app.ts';
import { bearer, createLawyer, createUser, signIn } from '../../../test/factories.ts';
import { chats, messages, uploads } from '../../db/schema/index.ts';
import { withTransaction } from '../../lib/transaction.ts';

let t: Awaited<ReturnType<typeof buildTestApp>>;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

async function person(role: 'client' | 'lawyer', overrides: Parameters<typeof createUser>[1] = {}) {
  const user = role === 'client' ? await createUser(t.app, overrides) : await createLawyer(t.app, overrides);
  return { ...user, token: await signIn(t.app, user) };
}

const get = (url: string, token?: string) =>
  t.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });

const say = (
  chatId: string,
  senderId: string | null,
  text: string,
  type: '0' | 'image' | '8' | '9' | '11' = '0',
) => t.app.chat.postMessage({ chatId, senderId, type, text });

describe('app.chat (the service other features call)', () => {
  it('gives a picture message the size its upload was stored with, when stored and in the history', async () => {
    const client = await person('client');
    const lawyer = await person('lawyer');
    const chat = await t.app.chat.openChat(client.id, lawyer.id);
    const url = `/uploads/chat/tamano-${client.id.slice(0, 8)}.png`;
    await t.app.db.insert(uploads).values({
      ownerId: client.id,
      url,
      mime: 'image/png',
      bytes: 10,
      width: 480,
      height: 640,
      purpose: 'chat',
    });
    const sized = await say(chat.id, client.id, url, 'image');
    expect(sized.message).toMatchObject({ type: 'image', width: 480, height: 640 });
    // a picture stored before sizes were kept, and any other message: no size
    const unsized = await say(chat.id, client.id, '/uploads/chat/antigua.png', 'image');
    expect(unsized.message).toMatchObject({ width: null, height: null });
    const text = await say(chat.id, client.id, url);
    expect(text.message).toMatchObject({ width: null, height: null });

    const history = await get(`/api/chat/${client.id}/${lawyer.id}`, client.token);
    expect(history.statusCode).toBe(200);
    const shown = history
      .json()
      .data.messages.map((m: { text: string; type: string; width: number | null }) => [m.type, m.width]);
    expect(shown).toEqual([
      ['image', 480],
      ['image', null],
      ['0', null],
    ]);
  });

  it('opens one chat per pair, and refuses a pair that is not a client and a lawyer', async () => {
    const client = await person('client');
    const lawyer = await person('lawyer');
    const first = await t.app.chat.openChat(client.id, lawyer.id);
    const again = await t.app.chat.openChat(client.id, lawyer.id);
    expect(again.id).toBe(first.id);
    expect(first).toMatchObject({ userId: client.id, lawyerId: lawyer.id, userName: 'Lucía García Pérez' });
    await expect(t.app.chat.openChat(lawyer.id, client.id)).rejects.toMatchObject({
      message: es.chat.notAPair,
    });
    const otherClient = await person('client');
    await expect(t.app.chat.openChat(client.id, otherClient.id)).rejects.toMatchObject({
      code: 'VALIDATION_ERROR',
    });
  });

  it('stores a platform message with its proposal amount in euros and moves last_message_at', async () => {
    const client = await person('client');
    const lawyer = await person('lawyer');
    const chat = await t.app.chat.openChat(client.id, lawyer.id);
    const { message, audience } = await t.app.chat.postMessage({
      chatId: chat.id,
      senderId: null,
      type: '10',
      text: 'Propuesta aceptada',
      proposalAmountCents: 15050,
    });
    expect(audience).toBe('ALL');
    expect(message).toMatchObject({
      chatId: chat.id,
      senderId: null,
      senderName: null,
      userId: client.id,
      lawyerId: lawyer.id,
      type: '10',
      proposalAmount: 150.5,
    });
    const [row] = await t.app.db.select().from(chats).where(eq(chats.id, chat.id));
    expect(row?.lastMessageAt?.toISOString()).toBe(message.timestamp);
  });

  it('gives types 9 and 11 the audience USUARIO whatever is asked', async () => {
    const client = await person('client');
    const lawyer = await person('lawyer');
    const chat = await t.app.chat.openChat(client.id, lawyer.id);
    const posted = await t.app.chat.postMessage({
      chatId: chat.id,
      senderId: null,
      type: '9',
      text: 'Valora tu caso',
      audience: 'ALL',
    });
    expect(posted.audience).toBe('USUARIO');
    const [row] = await t.app.db.select().from(messages).where(eq(messages.id, posted.message.id));
    expect(row?.audience).toBe('USUARIO');
  });

  it('stores nothing when the caller’s transaction rolls back', async () => {
    const client = await person('client');
    const lawyer = await person('lawyer');
    const chat = await t.app.chat.openChat(client.id, lawyer.id);
    await expect(
      withTransaction(t.app.db, async (tx, afterCommit) => {
        await t.app.chat.postMessage(
          { chatId: chat.id, senderId: null, type: '8', text: 'Aviso' },
          { tx, afterCommit },
        );
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    expect(await t.app.db.select().from(messages).where(eq(messages.chatId, chat.id))).toEqual([]);
    await withTransaction(t.app.db, async (tx, afterCommit) => {
      await t.app.chat.postMessage(
        { chatId: chat.id, senderId: null, type: '8', text: 'Aviso' },
        { tx, afterCommit },
      );
    });
    expect(await t.app.db.select().from(messages).where(eq(messages.chatId, chat.id))).toHaveLength(1);
  });
});

describe('GET /api/chat/getchats/{userId}', () => {
  it('lists the caller’s chats newest activity first, with a 20-character preview, image label and unread', async () => {
    const client = await person('client', { photoUrl: '/uploads/avatars/c.png' });
    const older = await person('lawyer', { name: 'Ana', surname: 'Ruiz' });
    const newer = await person('lawyer', {
      name: 'Bruno',
      surname: 'Sanz',
      photoUrl: '/uploads/avatars/b.png',
    });
    const quiet = await person('lawyer', { name: 'Carla', surname: 'Vela' });
    const chatOld = await t.app.chat.openChat(client.id, older.id);
    const chatNew = await t.app.chat.openChat(client.id, newer.id);
    const chatQuiet = await t.app.chat.openChat(client.id, quiet.id);
    await say(chatOld.id, older.id, 'Buenos días, le escribo por su caso de herencia');
    await say(chatNew.id, client.id, 'Hola');
    await say(chatNew.id, newer.id, '/uploads/chat/abc.png', 'image');

    const res = await get(`/api/chat/getchats/${client.id}`, client.token);
    expect(res.statusCode).toBe(200);
    const list = res.json().data;
    expect(list.map((c: { id: string }) => c.id)).toEqual([chatNew.id, chatOld.id, chatQuiet.id]);
    expect(list[0]).toEqual({
      id: chatNew.id,
      userId: client.id,
      lawyerId: newer.id,
      userName: 'Lucía García Pérez',
      lawyerName: 'Bruno Sanz',
      userImgUrl: '/uploads/avatars/c.png',
      lawyerImgUrl: '/uploads/avatars/b.png',
      lastMessage: es.chat.imageLabel,
      lastMessageAt: expect.any(String),
      unread: 1,
    });
    expect(list[1]).toMatchObject({ lastMessage: 'Buenos días, le…', unread: 1, lawyerImgUrl: null });
    expect(Array.from(list[1].lastMessage as string).length).toBeLessThanOrEqual(20);
    expect(list[2]).toMatchObject({ lastMessage: null, lastMessageAt: null, unread: 0 });

    // reading the history marks the chat read for the reader only
    await get(`/api/chat/${client.id}/${newer.id}`, client.token);
    const after = (await get(`/api/chat/getchats/${client.id}`, client.token)).json().data;
    expect(after[0].unread).toBe(0);
    const lawyerView = (await get(`/api/chat/getchats/${newer.id}`, newer.token)).json().data;
    expect(lawyerView).toEqual([
      expect.objectContaining({ id: chatNew.id, unread: 1, lastMessage: 'Imagen' }),
    ]);
  });

  it('never shows the lawyer a client-only message as the last one, nor counts it', async () => {
    const client = await person('client');
    const lawyer = await person('lawyer');
    const chat = await t.app.chat.openChat(client.id, lawyer.id);
    await say(chat.id, client.id, 'Gracias por todo');
    await say(chat.id, null, 'Valora a tu abogado', '9');
    await say(chat.id, null, 'Aviso solo para ti', '11');
    const lawyerView = (await get(`/api/chat/getchats/${lawyer.id}`, lawyer.token)).json().data;
    expect(lawyerView[0]).toMatchObject({ lastMessage: 'Gracias por todo', unread: 1 });
    const clientView = (await get(`/api/chat/getchats/${client.id}`, client.token)).json().data;
    expect(clientView[0]).toMatchObject({ lastMessage: 'Aviso solo para ti', unread: 2 });
  });

  it('answers 403 for another user’s id and 401 without a token', async () => {
    const client = await person('client');
    const other = await person('client');
    const res = await get(`/api/chat/getchats/${other.id}`, client.token);
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('FORBIDDEN');
    expect((await get(`/api/chat/getchats/${client.id}`)).statusCode).toBe(401);
  });
});

describe('GET /api/chat/{userId}/{lawyerId}', () => {
  it('answers the chat and its messages oldest first, paging back with before and limit', async () => {
    const client = await person('client');
    const lawyer = await person('lawyer');
    const chat = await t.app.chat.openChat(client.id, lawyer.id);
    const ids: string[] = [];
    for (let i = 1; i <= 7; i++) {
      ids.push((await say(chat.id, i % 2 ? client.id : lawyer.id, `mensaje ${i}`)).message.id);
    }
    const page = (await get(`/api/chat/${client.id}/${lawyer.id}?limit=3`, lawyer.token)).json().data;
    expect(page.chat).toMatchObject({ id: chat.id, userId: client.id, lawyerId: lawyer.id });
    expect(page.messages.map((m: { text: string }) => m.text)).toEqual([
      'mensaje 5',
      'mensaje 6',
      'mensaje 7',
    ]);
    expect(page.messages[0]).toMatchObject({
      id: ids[4],
      senderId: client.id,
      senderName: 'Lucía García Pérez',
      type: '0',
      userId: client.id,
      lawyerId: lawyer.id,
      timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    const back = (
      await get(`/api/chat/${client.id}/${lawyer.id}?limit=3&before=${ids[4]}`, lawyer.token)
    ).json().data;
    expect(back.messages.map((m: { text: string }) => m.text)).toEqual([
      'mensaje 2',
      'mensaje 3',
      'mensaje 4',
    ]);
    const all = (await get(`/api/chat/${client.id}/${lawyer.id}`, client.token)).json().data;
    expect(all.messages).toHaveLength(7);
    expect((await get(`/api/chat/${client.id}/${lawyer.id}?limit=201`, client.token)).statusCode).toBe(400);
  });

  it('hides client-only messages from the lawyer’s history', async () => {
    const client = await person('client');
    const lawyer = await person('lawyer');
    const chat = await t.app.chat.openChat(client.id, lawyer.id);
    await say(chat.id, null, 'Caso cerrado', '8');
    await say(chat.id, null, 'Valora tu caso', '9');
    await say(chat.id, null, 'Solo para el cliente', '11');
    const ofLawyer = (await get(`/api/chat/${client.id}/${lawyer.id}`, lawyer.token)).json().data.messages;
    expect(ofLawyer.map((m: { type: string }) => m.type)).toEqual(['8']);
    const ofClient = (await get(`/api/chat/${client.id}/${lawyer.id}`, client.token)).json().data.messages;
    expect(ofClient.map((m: { type: string }) => m.type)).toEqual(['8', '9', '11']);
  });

  it('answers 404 to anyone but the two participants, and for a pair without a chat', async () => {
    const client = await person('client');
    const lawyer = await person('lawyer');
    const stranger = await person('client');
    await t.app.chat.openChat(client.id, lawyer.id);
    const res = await get(`/api/chat/${client.id}/${lawyer.id}`, stranger.token);
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('NOT_FOUND');
    expect((await get(`/api/chat/${stranger.id}/${lawyer.id}`, stranger.token)).statusCode).toBe(404);
    expect((await get(`/api/chat/${client.id}/${lawyer.id}`)).statusCode).toBe(401);
  });
});

describe('POST /api/chat/{chatId}/read', () => {
  it('marks the chat read for a participant; 404 for anyone else', async () => {
    const client = await person('client');
    const lawyer = await person('lawyer');
    const chat = await t.app.chat.openChat(client.id, lawyer.id);
    await say(chat.id, client.id, 'Hola');
    const read = (token: string) =>
      t.app.inject({ method: 'POST', url: `/api/chat/${chat.id}/read`, headers: bearer(token) });
    expect((await read(lawyer.token)).json()).toEqual({ data: null });
    expect((await get(`/api/chat/getchats/${lawyer.id}`, lawyer.token)).json().data[0].unread).toBe(0);
    expect((await read((await person('lawyer')).token)).statusCode).toBe(404);
  });
});

describe('GET /api/users/{id}/presence', () => {
  it('answers someone sharing a chat, and 404 to anyone else', async () => {
    const lastConnection = new Date('2025-05-01T09:00:00Z');
    const client = await person('client');
    const lawyer = await person('lawyer', { lastConnection });
    await t.app.chat.openChat(client.id, lawyer.id);
    const res = await get(`/api/users/${lawyer.id}/presence`, client.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { online: false, lastConnection: '2025-05-01T09:00:00.000Z' } });
    const stranger = await person('client');
    expect((await get(`/api/users/${lawyer.id}/presence`, stranger.token)).statusCode).toBe(404);
    expect((await get(`/api/users/${lawyer.id}/presence`)).statusCode).toBe(401);
  });
});
