import { ROLE } from '@l4l/shared/constants/roles';
import { es } from '@l4l/shared/texts/es/app';
import { BellIcon } from '../../../components/icons/icons.tsx';
import { AppLink } from '../../../lib/navigation.tsx';
import type { SessionUser } from '../../../lib/session.tsx';
import { useIdle } from '../../../lib/use-idle.ts';
import { useUnreadCount } from '../api/get-notifications.ts';
import { useLiveNotifications } from '../hooks/use-live-notifications.ts';
import styles from './notification-bell.module.css';

/**
 * The header's bell (docs/notifications.md): the unread count, live over STOMP, and a link to the list.
 * It asks once the page has painted: the screen's own data goes first (ADR 0008).
 */
export function NotificationBell({ user, to }: { user: SessionUser; to: string }) {
  const enabled = user.role === ROLE.USUARIO || user.role === ROLE.ABOGADO;
  const idle = useIdle();
  const unread = useUnreadCount({ enabled: enabled && idle }).data ?? 0;
  useLiveNotifications(user.id, enabled);
  if (!enabled) return null;
  return (
    <AppLink
      to={to}
      className={styles.bell}
      aria-label={es.notifications.centre.bell(unread)}
      data-testid="notification-bell"
    >
      <BellIcon size={22} />
      {unread > 0 ? (
        <span className={styles.count} aria-hidden="true" data-testid="notification-count">
          {unread > 99 ? '99+' : unread}
        </span>
      ) : null}
    </AppLink>
  );
}
