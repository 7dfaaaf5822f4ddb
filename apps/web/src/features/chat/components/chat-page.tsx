import { ROLE } from '@l4l/shared/constants/roles';
import type { Chat } from '@l4l/shared/schemas/chat';
import { es } from '@l4l/shared/texts/es/app';
import type { ReactNode } from 'react';
import { Spinner } from '../../../components/spinner/spinner.tsx';
import type { SessionUser } from '../../../lib/session.tsx';
import { useChats } from '../api/get-chats.ts';
import { useChatConnection } from '../hooks/chat-connection.tsx';
import type { DocumentUpload } from '../hooks/use-composer-files.ts';
import { ChatList } from './chat-list.tsx';
import styles from './chat-page.module.css';
import { Conversation } from './conversation.tsx';
import type { ChatCaseActions } from './message-item.tsx';

/**
 * docs/product.md, Private chat: the list on the left and the open conversation on the right; under 1000 px one
 * column, the list first and then the conversation with 'Volver a chats'. `counterpartId` is who the
 * open conversation is with (the client's id for a lawyer; the lawyer's for a client).
 */
export function ChatPage({
  viewer,
  counterpartId,
  caseActions,
  casesPanel,
  uploadDocument,
  linkTo,
  onBack,
}: {
  viewer: SessionUser;
  counterpartId: string | null;
  /** the proposals', cases' and ratings' actions in the client's cards (app/ composes them) */
  caseActions: ChatCaseActions;
  /** the lawyer's panel of the pair's open cases (app/ composes it) */
  casesPanel?: (chat: Chat) => ReactNode;
  /** sends a document of the pair's active case (app/ composes the documents feature's) */
  uploadDocument?: DocumentUpload;
  linkTo: (counterpartId: string) => string;
  onBack: () => void;
}) {
  const chats = useChats(viewer.id);
  const { state } = useChatConnection();
  const isLawyer = viewer.role === ROLE.ABOGADO;
  const open =
    counterpartId === null
      ? null
      : (chats.data?.find((chat) => (isLawyer ? chat.userId : chat.lawyerId) === counterpartId) ?? null);

  return (
    <section className={styles.page} aria-labelledby="chat-title">
      <div className={styles.titleRow}>
        <h1 id="chat-title" className={styles.title}>
          {es.chat.title}
        </h1>
        {state === 'reconnecting' ? (
          <p className={styles.reconnecting} role="status">
            <span className={styles.pulse} aria-hidden="true" />
            {es.chat.reconnecting}
          </p>
        ) : null}
      </div>
      <div className={styles.layout} data-view={open ? 'conversation' : 'list'}>
        <nav className={styles.listPane} aria-label={es.chat.listLabel}>
          {chats.isPending ? (
            <Spinner label={es.chat.loadingChats} />
          ) : chats.isError ? (
            <p className={styles.error} role="alert">
              {es.chat.loadChatsError}
            </p>
          ) : (
            <ChatList chats={chats.data} viewer={viewer} selectedId={open?.id ?? null} linkTo={linkTo} />
          )}
        </nav>
        <div className={styles.conversationPane}>
          {open ? (
            <Conversation
              key={open.id}
              chat={open}
              viewer={viewer}
              caseActions={caseActions}
              casesPanel={casesPanel}
              uploadDocument={uploadDocument}
              onBack={onBack}
            />
          ) : (
            <div className={styles.placeholder}>
              <p className={styles.heading}>{es.chat.heading}</p>
              <p>{chats.data && chats.data.length > 0 ? es.chat.pickChat : es.chat.empty}</p>
              <p className={styles.note}>{es.chat.safetyNote}</p>
            </div>
          )}
        </div>
      </div>
    </section>
  );
}
