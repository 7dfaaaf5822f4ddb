import { MESSAGE_TYPE } from '@l4l/shared/constants/messages';
import { ROLE } from '@l4l/shared/constants/roles';
import type { Chat } from '@l4l/shared/schemas/chat';
import { es } from '@l4l/shared/texts/es/app';
import { useQueryClient } from '@tanstack/react-query';
import { format, formatDistanceToNow, isSameDay, isValid, parseISO } from 'date-fns';
import { es as dateLocale } from 'date-fns/locale';
import {
  type DragEvent,
  Fragment,
  type ReactNode,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { Avatar } from '../../../components/avatar/avatar.tsx';
import { Button } from '../../../components/button/button.tsx';
import { ChevronLeftIcon } from '../../../components/icons/icons.tsx';
import { Spinner } from '../../../components/spinner/spinner.tsx';
import type { SessionUser } from '../../../lib/session.tsx';
import { useChatHistory } from '../api/get-chat-history.ts';
import { usePresence } from '../api/get-presence.ts';
import { useChatConnection } from '../hooks/chat-connection.tsx';
import { clearUnread } from '../lib/chat-cache.ts';
import {
  counteredProposals,
  groupMessages,
  mergeMessages,
  settledClosureIds,
  settledProposalCards,
  visibleMessages,
} from '../lib/message-thread.ts';
import { Composer, type ComposerHandle, type DocumentUpload } from './composer.tsx';
import styles from './conversation.module.css';
import { type ChatCaseActions, MessageItem } from './message-item.tsx';

/** How close to the top (px) the reader must scroll before older messages load. */
const LOAD_OLDER_THRESHOLD_PX = 48;
/** How close to the bottom (px) still counts as reading the newest messages. */
const STICKY_BOTTOM_PX = 120;

/** The counterpart as this viewer sees them (docs/product.md, Private chat: the other party's name and photo). */
export function counterpartOf(chat: Chat, viewer: SessionUser) {
  return viewer.role === ROLE.ABOGADO
    ? { id: chat.userId, name: chat.userName, photoUrl: chat.userImgUrl }
    : { id: chat.lawyerId, name: chat.lawyerName, photoUrl: chat.lawyerImgUrl };
}

/** How often 'hace 3 minutos' is written again, so it moves on while the conversation stays open. */
const RELATIVE_TIME_TICK_MS = 30_000;

/**
 * docs/product.md, Private chat: 'En línea', or 'Visto por última vez' and how long ago. The server pushes
 * each change (chat-socket.ts); the relative time is written again every half minute.
 */
function PresenceLine({ userId }: { userId: string }) {
  const presence = usePresence(userId);
  const [, tick] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => tick((count) => count + 1), RELATIVE_TIME_TICK_MS);
    return () => clearInterval(timer);
  }, []);
  if (presence.data?.online) return <span className={styles.online}>{es.chat.online}</span>;
  const last = presence.data?.lastConnection ? parseISO(presence.data.lastConnection) : null;
  return (
    <span>
      {es.chat.lastSeen}:{' '}
      {last && isValid(last) ? (
        <time dateTime={presence.data?.lastConnection ?? undefined}>
          {formatDistanceToNow(last, { addSuffix: true, locale: dateLocale })}
        </time>
      ) : (
        es.chat.unknown
      )}
    </span>
  );
}

function dayLabel(timestamp: string): string {
  const date = parseISO(timestamp);
  if (!isValid(date)) return '';
  const label = format(date, "EEEE, d 'de' MMMM 'de' y", { locale: dateLocale });
  return label.charAt(0).toUpperCase() + label.slice(1);
}

/** A drag that carries files (not text or a link dragged from the page). */
const carriesFiles = (event: DragEvent) => event.dataTransfer.types.includes('Files');

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
}: {
  chat: Chat;
  viewer: SessionUser;
  caseActions: ChatCaseActions;
  /** what the lawyer may do on the pair's open cases, under the header (the cases feature, via app/) */
  casesPanel?: (chat: Chat) => ReactNode;
  /** sends a document of the pair's active case (the documents feature, via app/) */
  uploadDocument?: DocumentUpload;
  /** 'Volver a chats' (single-column layout under 1000 px) */
  onBack: () => void;
}) {
  const queryClient = useQueryClient();
  const connection = useChatConnection();
  const history = useChatHistory(chat.userId, chat.lawyerId);
  const counterpart = counterpartOf(chat, viewer);
  const scroller = useRef<HTMLDivElement>(null);
  const restoreFrom = useRef<number | null>(null);
  const lastSeenId = useRef<string | null>(null);
  /**
   * the reader is at the newest messages: a new one scrolls into view, and so does anything above it that
   * grows (a picture that loads); not once the reader has scrolled up to older ones
   */
  const atBottom = useRef(true);
  const composer = useRef<ComposerHandle>(null);
  const [dragging, setDragging] = useState(false);
  const lastScrollTop = useRef(0);

  const { setOpenChat } = connection;
  useEffect(() => {
    setOpenChat(chat.id);
    return () => setOpenChat(null);
  }, [chat.id, setOpenChat]);

  // reading the newest page marked the chat read on the server: the list follows
  const loadedAt = history.isSuccess ? history.dataUpdatedAt : 0;
  useEffect(() => {
    if (loadedAt > 0) clearUnread(queryClient, viewer.id, chat.id);
  }, [loadedAt, queryClient, viewer.id, chat.id]);

  const messages = useMemo(() => {
    const pages = history.data?.pages ?? [];
    const oldestFirst = [...pages]
      .reverse()
      .reduce((all, page) => mergeMessages(all, page.messages), [] as (typeof pages)[number]['messages']);
    return visibleMessages(oldestFirst, viewer.role);
  }, [history.data, viewer.role]);
  const groups = useMemo(() => groupMessages(messages), [messages]);
  const settledProposals = useMemo(() => settledProposalCards(messages), [messages]);
  const settledClosures = useMemo(() => settledClosureIds(messages), [messages]);
  const countered = useMemo(() => counteredProposals(messages), [messages]);
  const newestId = messages.at(-1)?.id ?? null;
  // the case whose documents this chat attaches: the pair's latest paid (active) case
  const documentCaseId = uploadDocument
    ? ([...messages].reverse().find((message) => message.type === MESSAGE_TYPE.PROPOSAL_ACCEPTED)?.caseId ??
      null)
    : null;

  // the other participant's newest message on screen: they see 'Leído' (docs/api/stomp.md, Destinations: `/app/read`)
  const { readUpTo, state } = connection;
  const newestFromOther = [...messages]
    .reverse()
    .find((message) => message.senderId !== null && message.senderId !== viewer.id);
  const unreadFromOther = newestFromOther && !newestFromOther.readAt ? newestFromOther.id : null;
  useEffect(() => {
    if (unreadFromOther && state === 'connected') readUpTo(chat.id, unreadFromOther);
  }, [unreadFromOther, state, readUpTo, chat.id]);
  const typing = connection.typingChats.has(chat.id);

  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element) return;
    if (restoreFrom.current !== null) {
      // older messages were put above: keep the reader where they were
      element.scrollTop = element.scrollHeight - restoreFrom.current;
      restoreFrom.current = null;
    }
    if (newestId !== lastSeenId.current) {
      const newest = messages.at(-1);
      // one's own message, and the platform's word that the case is paid, always come into view
      const shown = newest?.senderId === viewer.id || newest?.type === MESSAGE_TYPE.PROPOSAL_ACCEPTED;
      if (atBottom.current || shown || lastSeenId.current === null) {
        atBottom.current = true;
        element.scrollTop = element.scrollHeight;
      }
      lastSeenId.current = newestId;
    }
  });

  // what changes size under the reader (a picture that loads, a card that opens, the window) keeps the
  // newest message in view while the reader is at the bottom (docs/product.md, Private chat)
  useEffect(() => {
    const element = scroller.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const follow = () => {
      if (atBottom.current) element.scrollTop = element.scrollHeight;
    };
    const sizes = new ResizeObserver(follow);
    const watch = (node: Node) => node instanceof Element && sizes.observe(node);
    sizes.observe(element);
    element.childNodes.forEach(watch);
    const added = new MutationObserver((records) => {
      for (const record of records) record.addedNodes.forEach(watch);
    });
    added.observe(element, { childList: true });
    return () => {
      sizes.disconnect();
      added.disconnect();
    };
  }, []);

  const loadOlder = () => {
    if (!history.hasNextPage || history.isFetchingNextPage) return;
    const element = scroller.current;
    restoreFrom.current = element ? element.scrollHeight - element.scrollTop : null;
    void history.fetchNextPage();
  };

  const onScroll = () => {
    const element = scroller.current;
    if (!element) return;
    // only the reader moving up lets go of the bottom: content growing under a still reader does not
    const top = element.scrollTop;
    if (element.scrollHeight - top - element.clientHeight < STICKY_BOTTOM_PX) atBottom.current = true;
    else if (top < lastScrollTop.current) atBottom.current = false;
    lastScrollTop.current = top;
    if (top <= LOAD_OLDER_THRESHOLD_PX) loadOlder();
  };

  const onDragOver = (event: DragEvent) => {
    if (!carriesFiles(event)) return;
    event.preventDefault();
    setDragging(true);
  };
  const onDragLeave = (event: DragEvent) => {
    // leaving for one of its own children is not leaving the conversation
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false);
  };
  const onDrop = (event: DragEvent) => {
    if (!carriesFiles(event)) return;
    event.preventDefault();
    setDragging(false);
    const file = event.dataTransfer.files[0];
    if (file) composer.current?.attach(file);
  };

  let previousTimestamp: string | null = null;
  return (
    <section
      className={`${styles.conversation} ${dragging ? styles.dragging : ''}`}
      aria-label={es.chat.messagesOf(counterpart.name)}
      onDragOver={onDragOver}
      onDragLeave={onDragLeave}
      onDrop={onDrop}
      data-testid="chat-conversation"
    >
      {dragging ? (
        <p className={styles.dropHint} aria-hidden="true">
          {documentCaseId ? es.chat.dropFile : es.chat.dropImage}
        </p>
      ) : null}
      <header className={styles.header}>
        <Button variant="ghost" size="sm" className={styles.back} onClick={onBack}>
          <ChevronLeftIcon size={18} />
          <span className={styles.backText}>{es.buttons.backToChats}</span>
        </Button>
        <div className={styles.who}>
          <Avatar photoUrl={counterpart.photoUrl} name={counterpart.name} size={44} />
          <div className={styles.whoText}>
            <h2 className={styles.name}>{counterpart.name}</h2>
            <p className={styles.presence} aria-live="polite">
              {typing ? (
                <span className={styles.typing}>{es.chat.typing}</span>
              ) : (
                <PresenceLine userId={counterpart.id} />
              )}
            </p>
          </div>
        </div>
      </header>
      {casesPanel?.(chat)}
      <div className={styles.intro}>
        <p className={styles.heading}>{es.chat.heading}</p>
        <p className={styles.note}>{es.chat.safetyNote}</p>
      </div>
      <div
        ref={scroller}
        className={styles.messages}
        role="log"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (WCAG 2.1.1)
        tabIndex={0}
        onScroll={onScroll}
        aria-label={es.chat.messagesOf(counterpart.name)}
      >
        {history.hasNextPage ? (
          <div className={styles.older}>
            <Button variant="ghost" size="sm" onClick={loadOlder} disabled={history.isFetchingNextPage}>
              {history.isFetchingNextPage ? es.chat.loadingMessages : es.chat.loadOlder}
            </Button>
          </div>
        ) : null}
        {history.isPending ? (
          <Spinner label={es.chat.loadingMessages} />
        ) : history.isError ? (
          <p className={styles.empty} role="alert">
            {es.chat.loadMessagesError}
          </p>
        ) : groups.length === 0 ? (
          <p className={styles.empty}>{es.chat.noMessages}</p>
        ) : (
          groups.map((group) => {
            const own = group.senderId === viewer.id;
            const platform = group.senderId === null;
            const kind = own ? styles.own : platform ? styles.platform : styles.other;
            const name = platform
              ? es.chat.platform
              : own
                ? es.chat.you
                : (group.senderName ?? counterpart.name);
            const first = group.messages[0]?.timestamp ?? '';
            const newDay =
              previousTimestamp === null || !isSameDay(parseISO(previousTimestamp), parseISO(first));
            previousTimestamp = group.messages.at(-1)?.timestamp ?? first;
            return (
              <Fragment key={group.key}>
                {newDay ? (
                  <p className={styles.day}>
                    <span>{dayLabel(first)}</span>
                  </p>
                ) : null}
                <div className={`${styles.group} ${kind}`}>
                  {own ? null : (
                    <span className={styles.groupAvatar}>
                      {platform ? (
                        <span className={styles.platformMark} aria-hidden="true">
                          L4L
                        </span>
                      ) : (
                        <Avatar photoUrl={group.senderImg ?? counterpart.photoUrl} name={name} size={32} />
                      )}
                    </span>
                  )}
                  <div className={styles.groupBody}>
                    <p className={own ? 'visually-hidden' : styles.sender}>{name}</p>
                    {group.messages.map((message) => {
                      const settled = settledProposals.has(message.id) || settledClosures.has(message.id);
                      return (
                        <MessageItem
                          key={message.id}
                          message={message}
                          context={{
                            role: viewer.role,
                            own,
                            settled,
                            countered: message.proposalId !== null && countered.has(message.proposalId),
                          }}
                          caseActions={caseActions}
                        />
                      );
                    })}
                  </div>
                </div>
              </Fragment>
            );
          })
        )}
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
