import { MESSAGE_TYPE, PROPOSAL_CARD_TYPES } from '@l4l/shared/constants/messages';
import { and, desc, eq, inArray, isNull, lt, ne, or, type SQLWrapper, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/database.ts';
import { cases, chats, messages, proposals, uploads, users } from '../../db/schema/index.ts';
import { refreshResponseTimes } from '../lawyers/index.ts';
import { userAccounts } from '../users/index.ts';

export type Audience = 'ALL' | 'USUARIO';
/** Which side of a chat is looking: the client sees every message, the lawyer only audience 'ALL'. */
export type ChatSide = 'user' | 'lawyer';

const client = alias(users, 'chat_client');
const lawyer = alias(users, 'chat_lawyer');
const sender = alias(users, 'message_sender');

const fullName = (person: { name: SQLWrapper; surname: SQLWrapper }) =>
  sql<string>`trim(${person.name} || ' ' || ${person.surname})`;

const chatColumns = {
  id: chats.id,
  userId: chats.userId,
  lawyerId: chats.lawyerId,
  userName: fullName(client),
  lawyerName: fullName(lawyer),
  userImgUrl: client.photoUrl,
  lawyerImgUrl: lawyer.photoUrl,
  createdAt: chats.createdAt,
  userLastReadAt: chats.userLastReadAt,
  lawyerLastReadAt: chats.lawyerLastReadAt,
};

const messageColumns = {
  id: messages.id,
  chatId: messages.chatId,
  senderId: messages.senderId,
  senderName: sql<string | null>`nullif(${fullName(sender)}, '')`,
  senderImg: sender.photoUrl,
  text: messages.text,
  createdAt: messages.createdAt,
  userId: chats.userId,
  lawyerId: chats.lawyerId,
  type: messages.type,
  audience: messages.audience,
  proposalId: messages.proposalId,
  caseId: messages.caseId,
  proposalAmountCents: messages.proposalAmountCents,
  proposalStatus: proposals.status,
  counterDeclined: sql<
    boolean | null
  >`(${messages.type} = ${MESSAGE_TYPE.COUNTER_OFFER} and ${proposals.status} = 'PENDIENTE' and ${proposals.counterOfferCents} is null)`,
  caseTitle: cases.title,
  clientMessageId: messages.clientMessageId,
  documentId: messages.documentId,
  documentSize: messages.documentSize,
  readAt: messages.readAt,
  imageWidth: uploads.width,
  imageHeight: uploads.height,
};

/**
 * A proposal message (type 2), and a counter-offer to one (+), carries its proposal's status as it is now
 * (docs/api/http.md, Chat), so the web never guesses it from the messages that follow. The proposals module
 * alone writes the status; the chat reads it in the same query as the message (no second round trip per
 * history page). Other types that name a proposal (the notices 8 and 10) carry none.
 */
const proposalOfMessage = and(
  eq(proposals.id, messages.proposalId),
  inArray(messages.type, [...PROPOSAL_CARD_TYPES]),
);

/**
 * (+) A picture message (its text is the picture's URL) carries the size the uploads module stored, read
 * in the same query, so the web reserves the picture's place before it loads.
 */
const pictureOfMessage = and(
  eq(messages.type, MESSAGE_TYPE.IMAGE),
  eq(uploads.url, messages.text),
  eq(uploads.purpose, 'chat'),
);

export type ChatRow = NonNullable<Awaited<ReturnType<ReturnType<typeof createChatRepository>['findChat']>>>;
export type MessageRow = NonNullable<
  Awaited<ReturnType<ReturnType<typeof createChatRepository>['findMessage']>>
>;

/** What a side may see: the lawyer never sees client-only messages (docs/domain.md, Chat messages: types 9 and 11). */
const visibleTo = (side: ChatSide) => (side === 'lawyer' ? eq(messages.audience, 'ALL') : undefined);

/** Messages written by someone else than `viewerId` (the platform's included). */
const fromOthers = (viewerId: string) => or(isNull(messages.senderId), ne(messages.senderId, viewerId));

export function createChatRepository(db: Db) {
  function selectChats() {
    return db
      .select(chatColumns)
      .from(chats)
      .innerJoin(client, eq(client.id, chats.userId))
      .innerJoin(lawyer, eq(lawyer.id, chats.lawyerId));
  }

  function selectMessages() {
    return db
      .select(messageColumns)
      .from(messages)
      .innerJoin(chats, eq(chats.id, messages.chatId))
      .leftJoin(sender, eq(sender.id, messages.senderId))
      .leftJoin(proposals, proposalOfMessage)
      .leftJoin(cases, eq(cases.id, messages.caseId))
      .leftJoin(uploads, pictureOfMessage);
  }

  return {
    async findChat(chatId: string) {
      const [row] = await selectChats().where(eq(chats.id, chatId)).limit(1);
      return row;
    },

    /** The chat of each (client, lawyer) pair, in the order asked, in one statement; undefined where none. */
    async chatIdsOfPairs(
      pairs: Array<{ userId: string; lawyerId: string }>,
    ): Promise<Array<string | undefined>> {
      const rows = await db
        .select({ id: chats.id, userId: chats.userId, lawyerId: chats.lawyerId })
        .from(chats)
        .where(
          and(
            inArray(chats.userId, [...new Set(pairs.map((pair) => pair.userId))]),
            inArray(chats.lawyerId, [...new Set(pairs.map((pair) => pair.lawyerId))]),
          ),
        );
      const byPair = new Map(rows.map((row) => [`${row.userId}:${row.lawyerId}`, row.id]));
      return pairs.map((pair) => byPair.get(`${pair.userId}:${pair.lawyerId}`));
    },

    async findChatByPair(userId: string, lawyerId: string) {
      const [row] = await selectChats()
        .where(and(eq(chats.userId, userId), eq(chats.lawyerId, lawyerId)))
        .limit(1);
      return row;
    },

    /** The pair's chat, created when missing (the unique pair makes a race create one). */
    async ensureChat(userId: string, lawyerId: string): Promise<string> {
      await db.insert(chats).values({ userId, lawyerId }).onConflictDoNothing();
      const [row] = await db
        .select({ id: chats.id })
        .from(chats)
        .where(and(eq(chats.userId, userId), eq(chats.lawyerId, lawyerId)))
        .limit(1);
      if (!row) throw new Error('chat not created');
      return row.id;
    },

    async rolesOf(ids: string[]) {
      return db.select({ id: users.id, role: users.role }).from(users).where(inArray(users.id, ids));
    },

    listChatsOf(userId: string, side: ChatSide) {
      return selectChats().where(side === 'user' ? eq(chats.userId, userId) : eq(chats.lawyerId, userId));
    },

    /** The newest message of each chat that the side may see. */
    lastMessages(chatIds: string[], side: ChatSide) {
      if (chatIds.length === 0) return Promise.resolve([]);
      return db
        .selectDistinctOn([messages.chatId], {
          chatId: messages.chatId,
          type: messages.type,
          text: messages.text,
          createdAt: messages.createdAt,
        })
        .from(messages)
        .where(and(inArray(messages.chatId, chatIds), visibleTo(side)))
        .orderBy(messages.chatId, desc(messages.seq));
    },

    /** Per chat, the messages from others written after the viewer last read it. */
    unreadCounts(chatIds: string[], viewerId: string, side: ChatSide) {
      if (chatIds.length === 0) return Promise.resolve([]);
      const lastRead = side === 'user' ? chats.userLastReadAt : chats.lawyerLastReadAt;
      return db
        .select({ chatId: messages.chatId, unread: sql<number>`count(*)::int` })
        .from(messages)
        .innerJoin(chats, eq(chats.id, messages.chatId))
        .where(
          and(
            inArray(messages.chatId, chatIds),
            visibleTo(side),
            fromOthers(viewerId),
            sql`${messages.createdAt} > coalesce(${lastRead}, '-infinity'::timestamptz)`,
          ),
        )
        .groupBy(messages.chatId);
    },

    /** Up to `limit` messages before `before` (a message id of the chat), newest first. */
    history(chatId: string, side: ChatSide, options: { before?: string; limit: number }) {
      const beforeSeq = options.before
        ? lt(
            messages.seq,
            sql`(select m.seq from ${messages} m where m.id = ${options.before} and m.chat_id = ${chatId})`,
          )
        : undefined;
      return selectMessages()
        .where(and(eq(messages.chatId, chatId), visibleTo(side), beforeSeq))
        .orderBy(desc(messages.seq))
        .limit(options.limit);
    },

    async findMessage(id: string) {
      const [row] = await selectMessages().where(eq(messages.id, id)).limit(1);
      return row;
    },

    /** docs/domain.md, Response time: the lawyer's median, refreshed when one of their chats gets its first reply. */
    refreshResponseTimes: (lawyerIds: string[]) => refreshResponseTimes(db, lawyerIds),

    async findMessageByClientId(senderId: string, clientMessageId: string) {
      const [row] = await selectMessages()
        .where(and(eq(messages.senderId, senderId), eq(messages.clientMessageId, clientMessageId)))
        .limit(1);
      return row;
    },

    /**
     * (+) The other side's messages in the chat up to `upToId` (itself included) that were not read yet
     * are read now; answers when, or null when `upToId` is not a message of this chat.
     */
    async markMessagesRead(chatId: string, readerId: string, upToId: string): Promise<Date | null> {
      const result = (await db.execute(sql`with upto as (
          select seq from ${messages} where id = ${upToId} and chat_id = ${chatId}
        ), marked as (
          update ${messages} set read_at = now()
          where chat_id = ${chatId} and read_at is null and sender_id is not null
            and sender_id <> ${readerId} and seq <= (select seq from upto)
          returning 1
        )
        select now() as "readAt", (select count(*) from upto)::int as "found",
          (select count(*) from marked)::int as "marked"`)) as unknown as {
        rows: Array<{ readAt: Date | string; found: number }>;
      };
      const row = result.rows[0];
      return row && row.found > 0 ? new Date(row.readAt) : null;
    },

    /** (+) A deleted document's messages no longer point at it (the web shows them as removed). */
    async forgetDocument(documentId: string): Promise<void> {
      await db.update(messages).set({ documentId: null }).where(eq(messages.documentId, documentId));
    },

    async markRead(chatId: string, side: ChatSide) {
      await db
        .update(chats)
        .set(side === 'user' ? { userLastReadAt: sql`now()` } : { lawyerLastReadAt: sql`now()` })
        .where(eq(chats.id, chatId));
    },

    async sharesChat(a: string, b: string): Promise<boolean> {
      const [row] = await db
        .select({ id: chats.id })
        .from(chats)
        .where(
          or(
            and(eq(chats.userId, a), eq(chats.lawyerId, b)),
            and(eq(chats.userId, b), eq(chats.lawyerId, a)),
          ),
        )
        .limit(1);
      return row !== undefined;
    },

    /**
     * (+) Everyone who shares a chat with each person: the other side of each of their chats, in the order
     * of `userIds`, in one statement (a reconnect storm asks for thousands of people within seconds).
     */
    async counterpartsOfMany(userIds: string[]): Promise<string[][]> {
      const rows = await db
        .select({ userId: chats.userId, lawyerId: chats.lawyerId })
        .from(chats)
        .where(or(inArray(chats.userId, userIds), inArray(chats.lawyerId, userIds)));
      const byPerson = new Map<string, string[]>(userIds.map((id) => [id, []]));
      for (const row of rows) {
        byPerson.get(row.userId)?.push(row.lawyerId);
        byPerson.get(row.lawyerId)?.push(row.userId);
      }
      return userIds.map((id) => byPerson.get(id) ?? []);
    },

    async lastConnection(userId: string): Promise<Date | null | undefined> {
      const [row] = await db
        .select({ lastConnection: users.lastConnection })
        .from(users)
        .where(eq(users.id, userId))
        .limit(1);
      return row?.lastConnection;
    },

    /** last_connection of these users moved to `at`, never back (the users module writes it) */
    touchLastConnections: (userIds: string[], at: Date) => userAccounts(db).touchLastConnections(userIds, at),
  };
}

export type ChatRepository = ReturnType<typeof createChatRepository>;
