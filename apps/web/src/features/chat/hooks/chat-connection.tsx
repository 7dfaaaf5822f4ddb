import { ROLE } from '@l4l/shared/constants/roles';
import type { Chat } from '@l4l/shared/schemas/chat';
import { es } from '@l4l/shared/texts/es/app';
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
import { onDemand } from '../../../lib/on-demand.ts';
import type { SessionUser } from '../../../lib/session.tsx';
import type { StompState } from '../../../lib/stomp-client.ts';
import { useIdle } from '../../../lib/use-idle.ts';
import type { ChatSocket, OutgoingMessage } from './chat-socket.ts';
import { useTypingChats } from './use-typing-chats.ts';

export type ChatConnectionValue = {
  state: StompState;
  /** Sends to the pair's chat; resolves once the server stored it (RECEIPT), rejects with a Spanish text. */
  sendMessage: (chat: Pick<Chat, 'userId' | 'lawyerId'>, message: OutgoingMessage) => Promise<void>;
  /** The conversation on screen: its new messages are read at once and do not count as unread. */
  setOpenChat: (chatId: string | null) => void;
  /** (+) the chats whose other participant is typing now */
  typingChats: ReadonlySet<string>;
  /** (+) tells the other participant the viewer read up to this message */
  readUpTo: (chatId: string, upTo: string) => void;
  /** (+) tells the other participant the viewer is typing */
  sendTyping: (chatId: string) => void;
};

export const ChatConnectionContext = createContext<ChatConnectionValue | null>(null);
/** Asks the provider to connect now rather than once the browser is idle (a chat on screen). */
const ConnectNowContext = createContext<() => void>(() => {});

const OFFLINE: ChatConnectionValue = {
  state: 'connecting',
  sendMessage: () => Promise.reject(new Error(es.chat.sendFailed)),
  setOpenChat: () => {},
  typingChats: new Set(),
  readUpTo: () => {},
  sendTyping: () => {},
};

export function useChatConnection(): ChatConnectionValue {
  const connectNow = useContext(ConnectNowContext);
  useEffect(connectNow, [connectNow]);
  return useContext(ChatConnectionContext) ?? OFFLINE;
}

// STOMP, the message schema and the cache updates: not needed to paint a screen (ADR 0008)
const socketCode = onDemand(() => import('./chat-socket.ts'));

/**
 * One STOMP connection for the signed-in client or lawyer while they are in the dashboard (docs/product.md, Dashboard: the
 * chat socket), so the nav's unread badge stays live on every screen (chat-socket.ts). It opens once the
 * browser is idle after the first paint, or at once when a screen shows a chat.
 */
export function ChatConnectionProvider({ user, children }: { user: SessionUser; children: ReactNode }) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<StompState>('connecting');
  const socketRef = useRef<ChatSocket | null>(null);
  const openChatRef = useRef<string | null>(null);
  const enabled = user.role === ROLE.USUARIO || user.role === ROLE.ABOGADO;
  const userId = user.id;
  const userRef = useRef(user);
  userRef.current = user;
  const idle = useIdle();
  const [wanted, setWanted] = useState(false);
  const connectNow = useCallback(() => setWanted(true), []);
  const start = idle || wanted;
  // a failed download of the socket's code is tried again when the browser is back online
  const [attempt, setAttempt] = useState(0);
  const { typingChats, typing: onTyping, stopped: onTypingStopped } = useTypingChats();

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new attempt downloads the code again
  useEffect(() => {
    // a different person (a new sign-in) gets a socket of their own
    if (!enabled || !start || !userId) return;
    let socket: ChatSocket | null = null;
    let closed = false;
    const retry = () => setAttempt((count) => count + 1);
    socketCode.load().then(
      ({ openChatSocket }) => {
        if (closed) return;
        socket = openChatSocket({
          queryClient,
          user: () => userRef.current,
          openChat: () => openChatRef.current,
          onStateChange: setState,
          onTyping,
          onTypingStopped,
        });
        socketRef.current = socket;
      },
      () => {
        // the code could not load (offline): the chat says it is connecting, the badge still shows the count
        if (!closed) window.addEventListener('online', retry, { once: true });
      },
    );
    return () => {
      window.removeEventListener('online', retry);
      closed = true;
      socketRef.current = null;
      socket?.close();
    };
  }, [enabled, start, userId, queryClient, attempt, onTyping, onTypingStopped]);

  const sendMessage = useCallback<ChatConnectionValue['sendMessage']>(async (chat, message) => {
    const socket = socketRef.current;
    if (!socket) throw new Error(es.chat.sendFailed);
    await socket.send(chat, message);
  }, []);

  const setOpenChat = useCallback((chatId: string | null) => {
    openChatRef.current = chatId;
  }, []);

  const readUpTo = useCallback((chatId: string, upTo: string) => socketRef.current?.read(chatId, upTo), []);
  const sendTyping = useCallback((chatId: string) => socketRef.current?.typing(chatId), []);

  const value = useMemo(
    () => ({ state, sendMessage, setOpenChat, typingChats, readUpTo, sendTyping }),
    [state, sendMessage, setOpenChat, typingChats, readUpTo, sendTyping],
  );
  return (
    <ConnectNowContext.Provider value={connectNow}>
      <ChatConnectionContext.Provider value={value}>{children}</ChatConnectionContext.Provider>
    </ConnectNowContext.Provider>
  );
}
