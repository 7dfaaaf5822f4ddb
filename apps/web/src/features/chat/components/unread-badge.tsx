import { ROLE } from '@l4l/shared/constants/roles';
import { es } from '@l4l/shared/texts/es/app';
import type { SessionUser } from '../../../lib/session.tsx';
import { useIdle } from '../../../lib/use-idle.ts';
import { useChats } from '../api/get-chats.ts';
import styles from './unread-badge.module.css';

/**
 * The nav's 'Chat privado' badge: unread messages across every chat (kept live by the chat connection).
 * It asks for the chats once the page has painted: the screen's own data goes first (ADR 0008).
 */
export function UnreadBadge({ user }: { user: SessionUser }) {
  const enabled = user.role === ROLE.USUARIO || user.role === ROLE.ABOGADO;
  const idle = useIdle();
  const chats = useChats(user.id, { enabled: enabled && idle });
  const unread = chats.data?.reduce((sum, chat) => sum + chat.unread, 0) ?? 0;
  if (!enabled || unread === 0) return null;
  return (
    <span className={styles.badge} data-testid="chat-unread-badge">
      <span aria-hidden="true">{unread > 99 ? '99+' : unread}</span>
      <span className="visually-hidden">{es.chat.unreadCount(unread)}</span>
    </span>
  );
}
