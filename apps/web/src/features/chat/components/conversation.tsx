import { MESSAGE_TYPE } from '@l4l/shared/constants/messages';
import { ROLE } from '@l4l/shared/constants/roles';
import type { Chat } from '@l4l/shared/schemas/chat';
import { es } from '@l4l/shared/texts/es/app';
import { type ReactNode, useRef } from 'react';
import type { SessionUser } from '../../../lib/session.tsx';
import { useChatHistory } from '../api/get-chat-history.ts';
import { useChatConnection } from '../hooks/chat-connection.tsx';
import type { ComposerHandle, DocumentUpload } from '../hooks/use-composer-files.ts';
import { useConversationScroll } from '../hooks/use-conversation-scroll.ts';
import { useFileDrop } from '../hooks/use-file-drop.ts';
import { useOpenChat } from '../hooks/use-open-chat.ts';
import { useReadMarking } from '../hooks/use-read-marking.ts';
import { useThread } from '../hooks/use-thread.ts';
import { Composer } from './composer.tsx';
import styles from './conversation.module.css';
import {
  ChatIntro,
  ConversationHeader,
  DropHint,
  HistoryState,
  MessageThread,
} from './conversation-parts.tsx';
import type { ChatCaseActions } from './message-item.tsx';

/** The counterpart as this viewer sees them (docs/product.md, Private chat: the other party's name and photo). */
export function counterpartOf(chat: Chat, viewer: SessionUser) {
  return viewer.role === ROLE.ABOGADO
    ? { id: chat.userId, name: chat.userName, photoUrl: chat.userImgUrl }
    : { id: chat.lawyerId, name: chat.lawyerName, photoUrl: chat.lawyerImgUrl };
}

type ConversationProps = {
  chat: Chat;
  viewer: SessionUser;
  caseActions: ChatCaseActions;
  /** what the lawyer may do on the pair's open cases, under the header (the cases feature, via app/) */
  casesPanel?: (chat: Chat) => ReactNode;
  /** sends a document of the pair's active case (the documents feature, via app/) */
  uploadDocument?: DocumentUpload;
  /** 'Volver a chats' (single-column layout under 1000 px) */
  onBack: () => void;
};

/**
 * docs/product.md, Private chat: header with the counterpart, 'ESTAMOS PARA TI' (and the safety note on desktop),
 * the messages grouped by sender with day separators, newest at the bottom, older ones loaded when the
 * reader scrolls to the top, and the message box. A file dropped anywhere on the conversation (desktop) is
 * sent as the message box's buttons send it.
 */
export function Conversation({
  chat,
  viewer,
  caseActions,
  casesPanel,
  uploadDocument,
  onBack,
}: ConversationProps) {
  const connection = useChatConnection();
  const history = useChatHistory(chat.userId, chat.lawyerId);
  const counterpart = counterpartOf(chat, viewer);
  const composer = useRef<ComposerHandle>(null);
  const drop = useFileDrop((file) => composer.current?.attach(file));

  useOpenChat(connection.setOpenChat, history, viewer.id, chat.id);

  const thread = useThread(history.data?.pages, viewer.role);
  const { messages, groups } = thread;
  const newestId = messages.at(-1)?.id ?? null;
  // the case whose documents this chat attaches: the pair's latest paid (active) case
  const documentCaseId = uploadDocument ? thread.activeCaseId : null;

  useReadMarking(connection, chat.id, messages, viewer.id);

  const { scroller, onScroll, loadOlder } = useConversationScroll({
    history,
    newestId,
    // one's own message, and the platform's word that the case is paid, always come into view
    comesIntoView: (newest) =>
      newest?.senderId === viewer.id || newest?.type === MESSAGE_TYPE.PROPOSAL_ACCEPTED,
    newest: messages.at(-1),
  });

  return (
    <section
      className={`${styles.conversation} ${drop.dragging ? styles.dragging : ''}`}
      aria-label={es.chat.messagesOf(counterpart.name)}
      {...drop.handlers}
      data-testid="chat-conversation"
    >
      {drop.dragging ? <DropHint documents={documentCaseId !== null} /> : null}
      <ConversationHeader
        counterpart={counterpart}
        typing={connection.typingChats.has(chat.id)}
        onBack={onBack}
      />
      {casesPanel?.(chat)}
      <ChatIntro />
      <div
        ref={scroller}
        className={styles.messages}
        role="log"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (WCAG 2.1.1)
        tabIndex={0}
        onScroll={onScroll}
        aria-label={es.chat.messagesOf(counterpart.name)}
      >
        <HistoryState history={history} loadOlder={loadOlder} empty={groups.length === 0}>
          <MessageThread
            thread={thread}
            viewer={viewer}
            counterpart={counterpart}
            caseActions={caseActions}
          />
        </HistoryState>
      </div>
      <Composer
        disabled={connection.state !== 'connected'}
        onSend={(message) => connection.sendMessage(chat, message)}
        documentCaseId={documentCaseId}
        uploadDocument={uploadDocument}
        onTyping={() => connection.sendTyping(chat.id)}
        handle={composer}
      />
    </section>
  );
}
