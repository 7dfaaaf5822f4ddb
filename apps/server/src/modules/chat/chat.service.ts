import { LIMITS } from '@l4l/shared/constants/limits';
import { ROLE } from '@l4l/shared/constants/roles';
import type { Chat, ChatMessage, SendMessage } from '@l4l/shared/schemas/chat';
import { es } from '@l4l/shared/texts/es';
import type pg from 'pg';
import type { Db } from '../../db/database.ts';
import { AppError, forbidden, notFound } from '../../lib/app-error.ts';
import type { Limiter, LimiterOptions } from '../../lib/rate-limiter.ts';
import type { AfterCommit } from '../../lib/transaction.ts';
import { WriteBatch } from '../../lib/write-batch.ts';
import { createChatInbox } from './chat.inbox.ts';
import { type ChatActor, toChat, toChatMessage } from './chat.mapping.ts';
import { createChatPresence, type PresenceSource } from './chat.presence.ts';
import { createReadAndTyping } from './chat.read-typing.ts';
import { type Audience, createChatRepository } from './chat.repository.ts';
import type { ChatEvent } from './fanout.ts';
import { createMessageStore, type PostMessageInput } from './message-store.ts';

export type { PostMessageInput } from './message-store.ts';

/** how long last_connection writes gather before one statement stores them */
export const TOUCH_BATCH_MS = 50;

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

  const messageStore = createMessageStore({ db, pool: deps.pool, repository });

  // last_connection moves on every CONNECT, close and /app/connect: the writes of 50 ms go in one
  // statement, so a reconnect storm (thousands of sessions within seconds) does not queue thousands of
  // single-row UPDATEs in the pool ahead of the chat's messages
  const connectionTouches = new WriteBatch(
    (userIds, at) => repository.touchLastConnections(userIds, at),
    TOUCH_BATCH_MS,
  );

  const presence = createChatPresence({ repository, presence: deps.presence, publish: deps.publish });
  const inbox = createChatInbox({ repository, feePercent: deps.feePercent });
  const readAndTyping = createReadAndTyping({ repository, publish: deps.publish });

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

    ...inbox,
    ...readAndTyping,

    /** (+) The documents module deleted a document: its chat messages keep its name, not its id. */
    forgetDocument: (documentId: string) => repository.forgetDocument(documentId),

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
