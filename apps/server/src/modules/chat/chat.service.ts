import { LIMITS } from '@l4l/shared/constants/limits';
import { ROLE, type Role } from '@l4l/shared/constants/roles';
import type {
  Chat,
  ChatHistory,
  ChatHistoryQuery,
  ChatListItem,
  ChatMessage,
  ReadPush,
  ReadReceipt,
  SendMessage,
  TypingPush,
} from '@l4l/shared/schemas/chat';
import { es } from '@l4l/shared/texts/es';
import type pg from 'pg';
import type { Db } from '../../db/database.ts';
import { AppError, forbidden, notFound } from '../../lib/app-error.ts';
import { type Limiter, type LimiterOptions, RateLimiter } from '../../lib/rate-limiter.ts';
import type { AfterCommit } from '../../lib/transaction.ts';
import { WriteBatch } from '../../lib/write-batch.ts';
import { previewOf, sideOf, toChat, toChatMessage } from './chat.mapping.ts';
import { createChatPresence, type PresenceSource } from './chat.presence.ts';
import { type Audience, type ChatRow, type ChatSide, createChatRepository } from './chat.repository.ts';
import type { ChatEvent } from './fanout.ts';
import { createMessageStore, type PostMessageInput } from './message-store.ts';

export type { PostMessageInput } from './message-store.ts';

/** (+) Where read receipts and typing reach the other participant (docs/api/stomp.md). */
export const READ_QUEUE = '/user/queue/read';
export const TYPING_QUEUE = '/user/queue/typing';
/** (+) Typing signals a person may send: a few a second is plenty for a keyboard. */
const TYPING_PER_USER = { max: 20, windowMs: 10_000 };
/** how long last_connection writes gather before one statement stores them */
export const TOUCH_BATCH_MS = 50;

/** Who is acting: a signed-in person (the session says who, never the body). */
export type ChatActor = { id: string; role: Role };

/** A stored message and who may receive it; hand it to `publish` after the transaction that stored it. */
export type PostedMessage = { message: ChatMessage; audience: Audience };

export type ChatService = ReturnType<typeof createChatService>;

/**
 * The chat (docs/api/http.md, Chat): other features call `openChat` and `postMessage` to write their system
 * messages; the routes and the STOMP gateway call the rest. Access is checked here, first.
 */
export function createChatService(deps: {
  db: Db;
  /** delivers on this process at once and hands the event to the others; never waits on Redis */
  publish: (event: ChatEvent) => void;
  presence: PresenceSource;
  /** the app's limiter factory (shared by every process through Redis when configured) */
  limiter: (name: string, max: number, windowMs: number, options?: LimiterOptions) => Limiter;
  /** PLATFORM_FEE_PERCENT, for the fee a proposal card shows */
  feePercent: number;
  /** on PostgreSQL, the pool behind `db`: messages are stored by a statement prepared once */
  pool?: pg.Pool;
}) {
  const { db } = deps;
  const repository = createChatRepository(db);
  // docs/domain.md, Rate limits: 60 chat messages per user per minute
  // counted in Redis behind the message, never before it: a SEND's RECEIPT does not wait on Redis
  const sendLimiter = deps.limiter('chat:messages-by-user', LIMITS.chatMessagesPerMinute, 60_000, {
    waitForRedis: false,
  });
  const typingLimiter = new RateLimiter(TYPING_PER_USER.max, TYPING_PER_USER.windowMs);

  const messageStore = createMessageStore({ db, pool: deps.pool, repository });

  async function participantChat(actor: ChatActor, chatId: string) {
    const chat = await repository.findChat(chatId);
    const side = chat && sideOf(chat, actor.id);
    if (!chat || !side) throw notFound(es.chat.chatNotFound);
    return { chat, side };
  }

  // last_connection moves on every CONNECT, close and /app/connect: the writes of 50 ms go in one
  // statement, so a reconnect storm (thousands of sessions within seconds) does not queue thousands of
  // single-row UPDATEs in the pool ahead of the chat's messages
  const connectionTouches = new WriteBatch(
    (userIds, at) => repository.touchLastConnections(userIds, at),
    TOUCH_BATCH_MS,
  );

  const presence = createChatPresence({ repository, presence: deps.presence, publish: deps.publish });

  const service = {
    /** The pair's chat, created on first use. A chat is between a client and a lawyer only. */
    async openChat(userId: string, lawyerId: string): Promise<Chat> {
      const roles = new Map((await repository.rolesOf([userId, lawyerId])).map((row) => [row.id, row.role]));
      if (roles.get(userId) !== ROLE.USUARIO || roles.get(lawyerId) !== ROLE.ABOGADO) {
        throw new AppError('VALIDATION_ERROR', { message: es.chat.notAPair });
      }
      const chatId = await repository.ensureChat(userId, lawyerId);
      const chat = await repository.findChat(chatId);
      if (!chat) throw notFound(es.chat.chatNotFound);
      return toChat(chat);
    },

    /**
     * Stores a message and moves the chat's activity time. Without `tx` it commits and delivers at once.
     * Inside the caller's transaction (`tx` and its `afterCommit`, lib/transaction.ts) it stores there and
     * is delivered after the commit, so nobody is told of a message that was rolled back.
     */
    async postMessage(
      input: PostMessageInput,
      inTransaction?: { tx: Db; afterCommit: AfterCommit },
    ): Promise<PostedMessage> {
      const executor = inTransaction?.tx ?? db;
      const { row, created, firstReplyOf } = await messageStore.store(executor, input);
      const posted: PostedMessage = { message: toChatMessage(row, deps.feePercent), audience: row.audience };
      if (inTransaction) {
        if (firstReplyOf) await messageStore.refreshResponseTime(executor, firstReplyOf);
        if (created) inTransaction.afterCommit(() => service.publish(posted));
        return posted;
      }
      // one statement: atomic without a transaction of its own
      if (created) await service.publish(posted);
      // delivered first: the response time is the lawyer's profile, not this conversation
      if (firstReplyOf) await messageStore.refreshResponseTime(db, firstReplyOf);
      return posted;
    },

    /**
     * Hands a stored message to every process, which deliver it to the participants' sessions. Resolves at
     * once: the sender's RECEIPT never waits on Redis (docs/decisions/0009-chat-delivery-under-faults.md).
     */
    async publish(posted: PostedMessage): Promise<void> {
      deps.publish({ kind: 'message', ...posted });
    },

    /**
     * SEND /app/chat of a person: the sender is the session's user (a different `senderId` is refused),
     * one of the pair, with a type people may send. The same clientMessageId twice stores one message and
     * delivers it once.
     */
    async send(actor: ChatActor, input: SendMessage): Promise<PostedMessage> {
      try {
        await sendLimiter.consume(actor.id);
      } catch (error) {
        if (error instanceof AppError)
          throw new AppError('RATE_LIMITED', { message: es.chat.tooManyMessages });
        throw error;
      }
      if (input.senderId && input.senderId !== actor.id) throw forbidden(es.chat.notYourMessage);
      if (actor.id !== input.userId && actor.id !== input.lawyerId) throw notFound(es.chat.chatNotFound);
      const chatId = await messageStore.chatOfPair(input.userId, input.lawyerId);
      if (!chatId) throw notFound(es.chat.chatNotFound);
      return service.postMessage({
        chatId,
        senderId: actor.id,
        type: input.type,
        text: input.text.trim(),
        clientMessageId: input.clientMessageId ?? null,
      });
    },

    /** The caller's chats, newest activity first, as the caller sees them. */
    async listChats(actor: ChatActor): Promise<ChatListItem[]> {
      if (actor.role !== ROLE.USUARIO && actor.role !== ROLE.ABOGADO) return [];
      const side: ChatSide = actor.role === ROLE.USUARIO ? 'user' : 'lawyer';
      const rows = await repository.listChatsOf(actor.id, side);
      const ids = rows.map((row) => row.id);
      const [last, unread] = await Promise.all([
        repository.lastMessages(ids, side),
        repository.unreadCounts(ids, actor.id, side),
      ]);
      const lastByChat = new Map(last.map((row) => [row.chatId, row]));
      const unreadByChat = new Map(unread.map((row) => [row.chatId, row.unread]));
      const activity = (row: ChatRow) => (lastByChat.get(row.id)?.createdAt ?? row.createdAt).getTime();
      return rows
        .sort((a, b) => activity(b) - activity(a))
        .map((row) => {
          const lastMessage = lastByChat.get(row.id);
          return {
            ...toChat(row),
            lastMessage: lastMessage ? previewOf(lastMessage.type, lastMessage.text) : null,
            lastMessageAt: lastMessage?.createdAt.toISOString() ?? null,
            unread: unreadByChat.get(row.id) ?? 0,
          };
        });
    },

    /**
     * The pair's chat and its messages oldest → newest, paging back with `before`; only the two
     * participants (anyone else 404, the chat's existence is not revealed). Reading the newest page marks
     * the chat read for the caller.
     */
    async history(actor: ChatActor, userId: string, lawyerId: string, query: ChatHistoryQuery) {
      const chat = await repository.findChatByPair(userId, lawyerId);
      const side = chat && sideOf(chat, actor.id);
      if (!chat || !side) throw notFound(es.chat.chatNotFound);
      const rows = await repository.history(chat.id, side, query);
      if (!query.before) await repository.markRead(chat.id, side);
      const answer: ChatHistory = {
        chat: toChat(chat),
        messages: rows.reverse().map((row) => toChatMessage(row, deps.feePercent)),
      };
      return answer;
    },

    /**
     * (+) SEND /app/read: the other participant's messages up to `upTo` are read now; they are told on
     * /user/queue/read (on every process). 404 for a chat or message that is not the caller's.
     */
    async read(actor: ChatActor, input: ReadReceipt): Promise<ReadPush> {
      const { chat, side } = await participantChat(actor, input.chatId);
      const readAt = await repository.markMessagesRead(chat.id, actor.id, input.upTo);
      if (!readAt) throw notFound(es.chat.messageNotFound);
      const push: ReadPush = { chatId: chat.id, upTo: input.upTo, readAt: readAt.toISOString() };
      const other = side === 'user' ? chat.lawyerId : chat.userId;
      deps.publish({ kind: 'push', userIds: [other], destination: READ_QUEUE, body: JSON.stringify(push) });
      return push;
    },

    /** (+) SEND /app/typing: the other participant is told on /user/queue/typing; nothing is stored. */
    async typing(actor: ChatActor, chatId: string): Promise<void> {
      // a keyboard past the limit is simply not relayed: no ERROR for a signal that carries nothing
      try {
        typingLimiter.consume(actor.id);
      } catch {
        return;
      }
      const { chat, side } = await participantChat(actor, chatId);
      const push: TypingPush = { chatId: chat.id, userId: actor.id };
      const other = side === 'user' ? chat.lawyerId : chat.userId;
      deps.publish({ kind: 'push', userIds: [other], destination: TYPING_QUEUE, body: JSON.stringify(push) });
    },

    /** (+) The documents module deleted a document: its chat messages keep its name, not its id. */
    forgetDocument: (documentId: string) => repository.forgetDocument(documentId),

    async markRead(actor: ChatActor, chatId: string): Promise<void> {
      const { chat, side } = await participantChat(actor, chatId);
      await repository.markRead(chat.id, side);
    },

    /** GET /api/users/{id}/presence: for the person themself or anyone sharing a chat with them. */
    presence: presence.presence,

    /** (+) The person came online or left: their counterparts are told (chat.presence.ts). */
    announcePresence: presence.announcePresence,

    /** Moves the user's last_connection to now (within TOUCH_BATCH_MS); answers the time written. */
    touchLastConnection(userId: string): Promise<Date> {
      return connectionTouches.add(userId);
    },
  };
  return service;
}
