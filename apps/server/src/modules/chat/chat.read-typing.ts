import type { ReadPush, ReadReceipt, TypingPush } from '@l4l/shared/schemas/chat';
import { es } from '@l4l/shared/texts/es';
import { notFound } from '../../lib/app-error.ts';
import { RateLimiter } from '../../lib/rate-limiter.ts';
import { type ChatActor, sideOf } from './chat.mapping.ts';
import type { ChatRepository } from './chat.repository.ts';
import type { ChatEvent } from './fanout.ts';

/** (+) Where read receipts and typing reach the other participant (docs/api/stomp.md). */
export const READ_QUEUE = '/user/queue/read';
export const TYPING_QUEUE = '/user/queue/typing';
/** (+) Typing signals a person may send: a few a second is plenty for a keyboard. */
const TYPING_PER_USER = { max: 20, windowMs: 10_000 };

/** Read receipts and typing: what one participant of a chat tells the other, checked against the pair. */
export function createReadAndTyping(deps: {
  repository: ChatRepository;
  publish: (event: ChatEvent) => void;
}) {
  const { repository } = deps;
  const typingLimiter = new RateLimiter(TYPING_PER_USER.max, TYPING_PER_USER.windowMs);

  async function participantChat(actor: ChatActor, chatId: string) {
    const chat = await repository.findChat(chatId);
    const side = chat && sideOf(chat, actor.id);
    if (!chat || !side) throw notFound(es.chat.chatNotFound);
    return { chat, side };
  }

  return {
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

    async markRead(actor: ChatActor, chatId: string): Promise<void> {
      const { chat, side } = await participantChat(actor, chatId);
      await repository.markRead(chat.id, side);
    },
  };
}
