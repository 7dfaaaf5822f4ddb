import { MESSAGE_TYPE } from '@l4l/shared/constants/messages';
import type { ChatListItem, ChatMessage } from '@l4l/shared/schemas/chat';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ComponentProps, ReactNode } from 'react';
import { vi } from 'vitest';
import { ChatPage } from '../features/chat/components/chat-page.tsx';
import type { ChatCaseActions } from '../features/chat/components/message-item.tsx';
import { ChatConnectionContext, type ChatConnectionValue } from '../features/chat/hooks/chat-connection.tsx';
import { useSendCaseDocument } from '../features/documents/api/case-documents.ts';
import type { SessionUser } from '../lib/session.tsx';
import { mockApi, ok, type Route } from './mock-api.ts';
import { CLIENT, renderWithApp } from './render.tsx';

export const CHAT_LAWYER: SessionUser = {
  id: '9b2f7c8e-3c1a-4e5b-8f6d-2a7c9e1b4d30',
  username: 'LucíaGarcía',
  role: 'ABOGADO',
  mail: 'lucia@example.com',
  name: 'Lucía',
  surname: 'García Fernández',
  phoneNumber: '698765432',
  photoUrl: null,
  emailVerified: true,
};
export const CHAT_CASE_ID = 'b5f5cc21-0d3e-4c4a-9f60-7a1c2e9b7f11';
export const OTHER_CASE_ID = 'e3d2c1b0-9a8f-4e7d-8c6b-5a4f3e2d1c0b';
export const CHAT: ChatListItem = {
  id: 'c0a8f7e2-5b1d-4c3e-9a2f-6d4b8e1c7a90',
  userId: CLIENT.id,
  lawyerId: CHAT_LAWYER.id,
  userName: 'Ana Martín Ruiz',
  lawyerName: 'Lucía García Fernández',
  userImgUrl: null,
  lawyerImgUrl: null,
  lastMessage: 'Hola',
  lastMessageAt: '2026-11-20T10:00:00.000Z',
  unread: 2,
};

let sequence = 0;
export function message(partial: Partial<ChatMessage>): ChatMessage {
  sequence += 1;
  return {
    id: `00000000-0000-4000-8000-${String(sequence).padStart(12, '0')}`,
    chatId: CHAT.id,
    senderId: CHAT_LAWYER.id,
    senderName: 'Lucía García Fernández',
    senderImg: null,
    text: 'Hola',
    timestamp: `2026-11-20T10:${String(sequence % 60).padStart(2, '0')}:00.000Z`,
    userId: CLIENT.id,
    lawyerId: CHAT_LAWYER.id,
    type: MESSAGE_TYPE.TEXT,
    proposalId: null,
    caseId: CHAT_CASE_ID,
    proposalAmount: null,
    proposalStatus: null,
    clientMessageId: null,
    ...partial,
  };
}

/** The chat page as app/ composes it: documents are sent by the documents feature. */
function ChatWithDocuments(props: Omit<ComponentProps<typeof ChatPage>, 'uploadDocument'>) {
  return <ChatPage {...props} uploadDocument={useSendCaseDocument()} />;
}

export const historyPath = `GET /api/chat/${CLIENT.id}/${CHAT_LAWYER.id}`;

/**
 * The chat page of `viewer` (the client by default) with `counterpartId`'s conversation open, on a mocked
 * API and a stand-in connection; `beside` renders next to it, in the same providers (another screen that
 * shares the query cache).
 */
export function renderChat({
  caseActions,
  viewer = CLIENT,
  counterpartId = CHAT_LAWYER.id as string | null,
  chats = [CHAT],
  messages = [] as ChatMessage[],
  routes = {} as Record<string, Route>,
  connection = {} as Partial<ChatConnectionValue>,
  beside = null as ReactNode,
}: {
  caseActions: ChatCaseActions;
  viewer?: SessionUser;
  counterpartId?: string | null;
  chats?: ChatListItem[];
  messages?: ChatMessage[];
  routes?: Record<string, Route>;
  connection?: Partial<ChatConnectionValue>;
  beside?: ReactNode;
}) {
  const api = mockApi({
    [`GET /api/chat/getchats/${viewer.id}`]: () => ok(chats),
    [historyPath]: () => ok({ chat: CHAT, messages }),
    [`GET /api/users/${CHAT_LAWYER.id}/presence`]: () =>
      ok({ online: false, lastConnection: new Date(Date.now() - 5 * 60_000).toISOString() }),
    [`GET /api/users/${CLIENT.id}/presence`]: () => ok({ online: false, lastConnection: null }),
    ...routes,
  });
  const sendMessage = vi.fn<ChatConnectionValue['sendMessage']>(() => Promise.resolve());
  const value: ChatConnectionValue = {
    state: 'connected',
    sendMessage,
    setOpenChat: () => {},
    typingChats: new Set(),
    readUpTo: () => {},
    sendTyping: () => {},
    ...connection,
  };
  renderWithApp(
    <ChatConnectionContext.Provider value={value}>
      <ChatWithDocuments
        viewer={viewer}
        counterpartId={counterpartId}
        caseActions={caseActions}
        linkTo={(id) => `/chat?with=${id}`}
        onBack={() => {}}
      />
      {beside}
    </ChatConnectionContext.Provider>,
  );
  return { api, sendMessage, user: userEvent.setup() };
}

export const log = () => screen.getByRole('log');
