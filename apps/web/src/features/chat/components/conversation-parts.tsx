import type { ChatMessage } from '@l4l/shared/schemas/chat';
import { es } from '@l4l/shared/texts/es/app';
import { format, formatDistanceToNow, isSameDay, isValid, parseISO } from 'date-fns';
import { es as dateLocale } from 'date-fns/locale';
import { Fragment, type ReactNode, useEffect, useState } from 'react';
import { Avatar } from '../../../components/avatar/avatar.tsx';
import { Button } from '../../../components/button/button.tsx';
import { ChevronLeftIcon } from '../../../components/icons/icons.tsx';
import { Spinner } from '../../../components/spinner/spinner.tsx';
import type { SessionUser } from '../../../lib/session.tsx';
import { usePresence } from '../api/get-presence.ts';
import type { Thread } from '../hooks/use-thread.ts';
import type { MessageGroup as Group } from '../lib/message-thread.ts';
import styles from './conversation.module.css';
import { type ChatCaseActions, MessageItem } from './message-item.tsx';

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

/** The day above the first group of each day: 'Lunes, 3 de marzo de 2026'. */
export function DaySeparator({ timestamp }: { timestamp: string }) {
  return (
    <p className={styles.day}>
      <span>{dayLabel(timestamp)}</span>
    </p>
  );
}

type Counterpart = { id: string; name: string; photoUrl: string | null };

/** The counterpart's photo and name, whether they are typing or when they were last seen, and 'Volver a chats'. */
export function ConversationHeader({
  counterpart,
  typing,
  onBack,
}: {
  counterpart: Counterpart;
  typing: boolean;
  onBack: () => void;
}) {
  return (
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
  );
}

/** One sender's run of messages: their photo (or the platform's mark) and name beside them, none for one's own. */
export function MessageGroup({
  group,
  kind,
  name,
  own,
  platform,
  fallbackPhoto,
  render,
}: {
  group: Group;
  kind: string | undefined;
  name: string;
  own: boolean;
  platform: boolean;
  fallbackPhoto: string | null;
  render: (message: ChatMessage) => ReactNode;
}) {
  return (
    <div className={`${styles.group} ${kind}`}>
      {own ? null : (
        <span className={styles.groupAvatar}>
          {platform ? (
            <span className={styles.platformMark} aria-hidden="true">
              L4L
            </span>
          ) : (
            <Avatar photoUrl={group.senderImg ?? fallbackPhoto} name={name} size={32} />
          )}
        </span>
      )}
      <div className={styles.groupBody}>
        <p className={own ? 'visually-hidden' : styles.sender}>{name}</p>
        {group.messages.map(render)}
      </div>
    </div>
  );
}

/** The thread's groups, oldest first, with the day written above the first group of each day. */
export function MessageThread({
  thread,
  viewer,
  counterpart,
  caseActions,
}: {
  thread: Thread;
  viewer: SessionUser;
  counterpart: Counterpart;
  caseActions: ChatCaseActions;
}) {
  let previousTimestamp: string | null = null;
  return (
    <>
      {thread.groups.map((group) => {
        const own = group.senderId === viewer.id;
        const platform = group.senderId === null;
        const kind = own ? styles.own : platform ? styles.platform : styles.other;
        const name = platform ? es.chat.platform : own ? es.chat.you : (group.senderName ?? counterpart.name);
        const first = group.messages[0]?.timestamp ?? '';
        const newDay = previousTimestamp === null || !isSameDay(parseISO(previousTimestamp), parseISO(first));
        previousTimestamp = group.messages.at(-1)?.timestamp ?? first;
        return (
          <Fragment key={group.key}>
            {newDay ? <DaySeparator timestamp={first} /> : null}
            <MessageGroup
              group={group}
              kind={kind}
              name={name}
              own={own}
              platform={platform}
              fallbackPhoto={counterpart.photoUrl}
              render={(message) => (
                <MessageItem
                  key={message.id}
                  message={message}
                  context={{
                    role: viewer.role,
                    own,
                    settled:
                      thread.settledProposals.has(message.id) || thread.settledClosures.has(message.id),
                    countered: message.proposalId !== null && thread.countered.has(message.proposalId),
                  }}
                  caseActions={caseActions}
                />
              )}
            />
          </Fragment>
        );
      })}
    </>
  );
}

type History = { hasNextPage: boolean; isFetchingNextPage: boolean; isPending: boolean; isError: boolean };

/** 'Cargar mensajes anteriores' while there are older ones, then the thread, or why there is none yet. */
export function HistoryState({
  history,
  loadOlder,
  empty,
  children,
}: {
  history: History;
  loadOlder: () => void;
  empty: boolean;
  children: ReactNode;
}) {
  return (
    <>
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
      ) : empty ? (
        <p className={styles.empty}>{es.chat.noMessages}</p>
      ) : (
        children
      )}
    </>
  );
}

/** 'ESTAMOS PARA TI', and the safety note on desktop. */
export function ChatIntro() {
  return (
    <div className={styles.intro}>
      <p className={styles.heading}>{es.chat.heading}</p>
      <p className={styles.note}>{es.chat.safetyNote}</p>
    </div>
  );
}

/** What a file dropped here becomes: a document of the active case, or else an image. */
export function DropHint({ documents }: { documents: boolean }) {
  return (
    <p className={styles.dropHint} aria-hidden="true">
      {documents ? es.chat.dropFile : es.chat.dropImage}
    </p>
  );
}
