import type { ChatListItem } from '@l4l/shared/schemas/chat';
import { es } from '@l4l/shared/texts/es/app';
import { format, isToday, isValid, parseISO } from 'date-fns';
import { Link } from 'react-router';
import { Avatar } from '../../../components/avatar/avatar.tsx';
import type { SessionUser } from '../../../lib/session.tsx';
import styles from './chat-list.module.css';
import { counterpartOf } from './conversation.tsx';

/** Today's messages by their time, older ones by their date (d/M/y, docs/product.md, What L4L is). */
function when(timestamp: string | null): string {
  if (!timestamp) return '';
  const date = parseISO(timestamp);
  if (!isValid(date)) return '';
  return isToday(date) ? format(date, 'HH:mm') : format(date, 'd/M/y');
}

/**
 * docs/product.md, Private chat (the list): the other party's photo and name, the last message (cut to 20 characters by the
 * server, or the image label), its date, and how many are unread. Each row links to `?with=<their id>`.
 */
export function ChatList({
  chats,
  viewer,
  selectedId,
  linkTo,
}: {
  chats: readonly ChatListItem[];
  viewer: SessionUser;
  selectedId: string | null;
  linkTo: (counterpartId: string) => string;
}) {
  if (chats.length === 0) return <p className={styles.empty}>{es.chat.empty}</p>;
  return (
    <ul className={styles.list}>
      {chats.map((chat) => {
        const counterpart = counterpartOf(chat, viewer);
        const selected = chat.id === selectedId;
        return (
          <li key={chat.id}>
            <Link
              to={linkTo(counterpart.id)}
              className={`${styles.item} ${selected ? styles.selected : ''}`}
              aria-current={selected ? 'true' : undefined}
            >
              <Avatar photoUrl={counterpart.photoUrl} name={counterpart.name} size={48} />
              <span className={styles.body}>
                <span className={styles.top}>
                  <span className={styles.name}>{counterpart.name}</span>
                  {chat.lastMessageAt ? (
                    <time className={styles.date} dateTime={chat.lastMessageAt}>
                      {when(chat.lastMessageAt)}
                    </time>
                  ) : null}
                </span>
                <span className={styles.bottom}>
                  <span className={styles.preview}>{chat.lastMessage ?? es.chat.noMessages}</span>
                  {chat.unread > 0 ? (
                    <span className={styles.unread}>
                      <span aria-hidden="true">{chat.unread}</span>
                      <span className="visually-hidden">{es.chat.unreadCount(chat.unread)}</span>
                    </span>
                  ) : null}
                </span>
              </span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
