import type { MESSAGE_TYPE } from '@l4l/shared/constants/messages';
import { ROLE } from '@l4l/shared/constants/roles';
import {
  type Chat,
  type ChatMessage,
  chatMessageSchema,
  presencePushSchema,
  readPushSchema,
  typingPushSchema,
} from '@l4l/shared/schemas/chat';
import { es } from '@l4l/shared/texts/es/app';
import type { QueryClient } from '@tanstack/react-query';
import type { SessionUser } from '../../../lib/session.tsx';
import { joinSharedStomp, StompSendError, type StompState } from '../../../lib/stomp-client.ts';
import { chatsQueryOptions } from '../api/get-chats.ts';
import { presenceQueryOptions } from '../api/get-presence.ts';
import { markChatRead } from '../api/mark-chat-read.ts';
import { applyIncomingMessage, applyReadReceipt, CHAT_QUERY_ROOT } from '../lib/chat-cache.ts';

/** What a person sends: text or an image already uploaded. */
export type OutgoingMessage = { type: typeof MESSAGE_TYPE.TEXT | typeof MESSAGE_TYPE.IMAGE; text: string };

/** docs/api/stomp.md, Destinations: the destination the web subscribes to (the broker sends each session its own chats only). */
export const MESSAGES_DESTINATION = '/topic/messages';

/** (+) docs/api/stomp.md, Destinations: read receipts and typing of the other participant. */
const READ_DESTINATION = '/user/queue/read';
const TYPING_DESTINATION = '/user/queue/typing';
/** (+) docs/api/stomp.md, Destinations: someone who shares a chat with the viewer came online or left. */
const PRESENCE_DESTINATION = '/user/queue/presence';

function parsePush<T>(
  schema: { safeParse: (value: unknown) => { success: true; data: T } | { success: false } },
  body: string,
): T | null {
  try {
    const parsed = schema.safeParse(JSON.parse(body));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** crypto.randomUUID exists only in secure contexts; a page served over plain http still needs an id. */
function newClientMessageId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

function parseIncoming(body: string): ChatMessage | null {
  try {
    const parsed = chatMessageSchema.safeParse(JSON.parse(body));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** The body of /app/connect and /app/disconnect (docs/api/stomp.md, Destinations): who this session is. */
function presenceBody(user: SessionUser) {
  const isLawyer = user.role === ROLE.ABOGADO;
  return {
    userId: isLawyer ? null : user.id,
    lawyerId: isLawyer ? user.id : null,
    userType: isLawyer ? 'lawyer' : 'user',
  };
}

export type ChatSocket = {
  /** Sends to the pair's chat; resolves once the server stored it (RECEIPT), rejects with a Spanish text. */
  send: (chat: Pick<Chat, 'userId' | 'lawyerId'>, message: OutgoingMessage) => Promise<void>;
  /** (+) SEND /app/read: the viewer has read the chat up to this message (fire and forget) */
  read: (chatId: string, upTo: string) => void;
  /** (+) SEND /app/typing (fire and forget) */
  typing: (chatId: string) => void;
  close: () => void;
};

type ChatSocketOptions = {
  queryClient: QueryClient;
  /** The signed-in person as they are now (their name may change while the socket is open). */
  user: () => SessionUser;
  /** The conversation on screen, whose new messages are read at once. */
  openChat: () => string | null;
  onStateChange: (state: StompState) => void;
  /** (+) the other participant of `chatId` is typing */
  onTyping: (chatId: string) => void;
  /** (+) a message of the other participant of `chatId` arrived: they are no longer typing it */
  onTypingStopped: (chatId: string) => void;
};

/**
 * The STOMP side of the dashboard's chat connection (loaded once the first screen has painted): it
 * announces /app/connect on each CONNECTED and /app/disconnect when it closes, writes every incoming
 * message into the chat queries, and once each subscription is confirmed (its RECEIPT) refetches the chats
 * that were read before it (a reconnect, or the page's own first load), so nothing sent meanwhile is missed.
 */
export function openChatSocket({
  queryClient,
  user,
  openChat,
  onStateChange,
  onTyping,
  onTypingStopped,
}: ChatSocketOptions): ChatSocket {
  const userId = user().id;
  // the tab's one STOMP connection, shared with the notifications' bell (lib/stomp-client.ts)
  const membership = joinSharedStomp(userId, {
    onStateChange,
    onConnected(live) {
      const subscribed = () => {
        // whatever was read before the broker held this subscription may have missed a message: read it
        // again now, not at CONNECTED (a message sent between the two reached neither)
        void queryClient.invalidateQueries({ queryKey: CHAT_QUERY_ROOT });
      };
      live.subscribe(
        MESSAGES_DESTINATION,
        (body) => {
          const message = parseIncoming(body);
          if (!message) return;
          if (message.senderId !== userId) onTypingStopped(message.chatId);
          const known = applyIncomingMessage(queryClient, userId, message, openChat());
          if (!known) void queryClient.invalidateQueries({ queryKey: chatsQueryOptions(userId).queryKey });
          if (message.chatId === openChat() && message.senderId !== userId) {
            markChatRead(message.chatId).catch(() => {
              // the unread count is only a hint; the next history read marks it again
            });
            // the sender sees 'Leído' (docs/api/stomp.md, Destinations: `/app/read`)
            if (message.senderId !== null)
              live.notify('/app/read', { chatId: message.chatId, upTo: message.id });
          }
        },
        subscribed,
      );
      live.subscribe(READ_DESTINATION, (body) => {
        const push = parsePush(readPushSchema, body);
        if (push) applyReadReceipt(queryClient, userId, push);
      });
      live.subscribe(TYPING_DESTINATION, (body) => {
        const push = parsePush(typingPushSchema, body);
        if (push && push.userId !== userId) onTyping(push.chatId);
      });
      // 'Visto por última vez' follows the other party while both are connected, without a poll
      live.subscribe(PRESENCE_DESTINATION, (body) => {
        const push = parsePush(presencePushSchema, body);
        if (!push) return;
        const { userId: who, ...presence } = push;
        queryClient.setQueryData(presenceQueryOptions(who).queryKey, presence);
      });
      live.notify('/app/connect', presenceBody(user()));
    },
  });
  const { connection } = membership;
  const farewell = () => connection.notify('/app/disconnect', presenceBody(user()));
  window.addEventListener('pagehide', farewell);

  return {
    async send(chat, message) {
      if (!connection.connected) throw new Error(es.chat.sendFailed);
      try {
        await connection.send('/app/chat', {
          senderId: userId,
          text: message.text,
          userId: chat.userId,
          lawyerId: chat.lawyerId,
          type: message.type,
          clientMessageId: newClientMessageId(),
        });
      } catch (error) {
        // the broker's ERROR text is already Spanish; a lost connection or a time-out is not
        const refused =
          error instanceof StompSendError && !['disconnected', 'closed', 'timeout'].includes(error.message);
        throw new Error(refused ? (error as Error).message : es.chat.sendFailed);
      }
    },
    read(chatId, upTo) {
      if (connection.connected) connection.notify('/app/read', { chatId, upTo });
    },
    typing(chatId) {
      if (connection.connected) connection.notify('/app/typing', { chatId });
    },
    close() {
      window.removeEventListener('pagehide', farewell);
      membership.leave({ destination: '/app/disconnect', body: presenceBody(user()) });
    },
  };
}
