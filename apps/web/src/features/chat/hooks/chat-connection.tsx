import type { MESSAGE_TYPE } from '@l4l/shared/constants/messages';
import { ROLE } from '@l4l/shared/constants/roles';
import { type Chat, type ChatMessage, chatMessageSchema } from '@l4l/shared/schemas/chat';
import { es } from '@l4l/shared/texts/es';
import { useQueryClient } from '@tanstack/react-query';
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import type { SessionUser } from '../../../lib/session.tsx';
import {
  createStompConnection,
  type StompConnection,
  StompSendError,
  type StompState,
} from '../../../lib/stomp-client.ts';
import { chatsQueryOptions } from '../api/get-chats.ts';
import { markChatRead } from '../api/mark-chat-read.ts';
import { applyIncomingMessage, CHAT_QUERY_ROOT } from '../lib/chat-cache.ts';

/** API.md: the destination the web subscribes to (the broker sends each session its own chats only). */
export const MESSAGES_DESTINATION = '/topic/messages';

export type OutgoingMessage = { type: typeof MESSAGE_TYPE.TEXT | typeof MESSAGE_TYPE.IMAGE; text: string };

export type ChatConnectionValue = {
  state: StompState;
  /** Sends to the pair's chat; resolves once the server stored it (RECEIPT), rejects with a Spanish text. */
  sendMessage: (chat: Pick<Chat, 'userId' | 'lawyerId'>, message: OutgoingMessage) => Promise<void>;
  /** The conversation on screen: its new messages are read at once and do not count as unread. */
  setOpenChat: (chatId: string | null) => void;
};

export const ChatConnectionContext = createContext<ChatConnectionValue | null>(null);

const OFFLINE: ChatConnectionValue = {
  state: 'connecting',
  sendMessage: () => Promise.reject(new Error(es.chat.sendFailed)),
  setOpenChat: () => {},
};

export function useChatConnection(): ChatConnectionValue {
  return useContext(ChatConnectionContext) ?? OFFLINE;
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

/** The body of /app/connect and /app/disconnect (spec §7): who this session is. */
function presenceBody(user: SessionUser) {
  const isLawyer = user.role === ROLE.ABOGADO;
  return {
    userId: isLawyer ? null : user.id,
    lawyerId: isLawyer ? user.id : null,
    userType: isLawyer ? 'lawyer' : 'user',
  };
}

/**
 * One STOMP connection for the signed-in client or lawyer while they are in the dashboard (spec §4: the
 * chat socket), so the nav's unread badge stays live on every screen. It announces /app/connect on
 * each CONNECTED and /app/disconnect when it closes, writes every incoming message into the chat
 * queries, and after a reconnect refetches them so nothing sent meanwhile is missed.
 */
export function ChatConnectionProvider({ user, children }: { user: SessionUser; children: ReactNode }) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<StompState>('connecting');
  const connectionRef = useRef<StompConnection | null>(null);
  const openChatRef = useRef<string | null>(null);
  const enabled = user.role === ROLE.USUARIO || user.role === ROLE.ABOGADO;
  const userId = user.id;
  const userRef = useRef(user);
  userRef.current = user;

  useEffect(() => {
    if (!enabled) return;
    const connection = createStompConnection({
      onStateChange: setState,
      onConnected(live, reconnected) {
        live.subscribe(MESSAGES_DESTINATION, (body) => {
          const message = parseIncoming(body);
          if (!message) return;
          const known = applyIncomingMessage(queryClient, userId, message, openChatRef.current);
          if (!known) void queryClient.invalidateQueries({ queryKey: chatsQueryOptions(userId).queryKey });
          if (message.chatId === openChatRef.current && message.senderId !== userId) {
            markChatRead(message.chatId).catch(() => {
              // the unread count is only a hint; the next history read marks it again
            });
          }
        });
        live.notify('/app/connect', presenceBody(userRef.current));
        if (reconnected) void queryClient.invalidateQueries({ queryKey: CHAT_QUERY_ROOT });
      },
    });
    connectionRef.current = connection;
    const farewell = () => connection.notify('/app/disconnect', presenceBody(userRef.current));
    window.addEventListener('pagehide', farewell);
    return () => {
      window.removeEventListener('pagehide', farewell);
      connectionRef.current = null;
      void connection.close({ destination: '/app/disconnect', body: presenceBody(userRef.current) });
    };
  }, [enabled, userId, queryClient]);

  const sendMessage = useCallback<ChatConnectionValue['sendMessage']>(
    async (chat, message) => {
      const connection = connectionRef.current;
      if (!connection?.connected) throw new Error(es.chat.sendFailed);
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
    [userId],
  );

  const setOpenChat = useCallback((chatId: string | null) => {
    openChatRef.current = chatId;
  }, []);

  const value = useMemo(() => ({ state, sendMessage, setOpenChat }), [state, sendMessage, setOpenChat]);
  return <ChatConnectionContext.Provider value={value}>{children}</ChatConnectionContext.Provider>;
}
