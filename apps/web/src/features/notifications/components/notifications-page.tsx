import type { Notification } from '@l4l/shared/schemas/notifications';
import { es } from '@l4l/shared/texts/es/app';
import { useState } from 'react';
import { Button } from '../../../components/button/button.tsx';
import { Pager, pageCount } from '../../../components/list-page/pager.tsx';
import { Spinner } from '../../../components/spinner/spinner.tsx';
import { formatDay } from '../../../lib/format.ts';
import { AppLink } from '../../../lib/navigation.tsx';
import { toast } from '../../../lib/toast.ts';
import { useNotifications } from '../api/get-notifications.ts';
import { useMarkAllNotificationsRead } from '../api/mark-all-notifications-read.ts';
import { useMarkNotificationRead } from '../api/mark-notification-read.ts';
import styles from './notifications-page.module.css';

const t = es.notifications.centre;

function NotificationItem({ item, onRead }: { item: Notification; onRead: (id: string) => void }) {
  const unread = item.readAt === null;
  return (
    <li className={`${styles.item} ${unread ? styles.unread : ''}`} data-testid="notification-item">
      <AppLink to={item.link} className={styles.link} onClick={() => unread && onRead(item.id)}>
        <span className={styles.itemTitle}>
          {unread ? <span className={styles.dot} aria-label={t.unreadLabel} role="img" /> : null}
          {item.title}
        </span>
        <span className={styles.body}>{item.body}</span>
        <time className={styles.date} dateTime={item.createdAt}>
          {formatDay(item.createdAt)}
        </time>
      </AppLink>
      {unread ? (
        <Button variant="ghost" size="sm" className={styles.markRead} onClick={() => onRead(item.id)}>
          {t.markRead}
        </Button>
      ) : null}
    </li>
  );
}

/** /dashboard/notificaciones (docs/notifications.md): the person's notifications, newest first. */
export function NotificationsPage() {
  const [page, setPage] = useState(1);
  const [onlyUnread, setOnlyUnread] = useState(false);
  const list = useNotifications(page, onlyUnread);
  const markRead = useMarkNotificationRead();
  const markAll = useMarkAllNotificationsRead();
  const failed = (error: Error) => toast.error(error.message);
  const items = list.data?.data ?? [];
  const unread = list.data?.meta.unread ?? 0;

  return (
    <section className={styles.page} aria-labelledby="notifications-title">
      <header className={styles.header}>
        <h1 id="notifications-title" className={styles.title}>
          {t.title}
        </h1>
        <div className={styles.actions}>
          <label className={styles.filter}>
            <input
              type="checkbox"
              checked={onlyUnread}
              onChange={(event) => {
                setOnlyUnread(event.target.checked);
                setPage(1);
              }}
            />
            {t.onlyUnread}
          </label>
          <Button
            variant="secondary"
            size="sm"
            disabled={unread === 0 || markAll.isPending}
            onClick={() => markAll.mutate(undefined, { onError: failed })}
          >
            {t.markAllRead}
          </Button>
        </div>
      </header>
      {list.isPending ? (
        <div className={styles.state}>
          <Spinner />
        </div>
      ) : list.isError ? (
        <p className={styles.state} role="alert">
          {list.error.message}
        </p>
      ) : items.length === 0 ? (
        <p className={styles.state}>{onlyUnread ? t.emptyUnread : t.empty}</p>
      ) : (
        <ul className={styles.list}>
          {items.map((item) => (
            <NotificationItem
              key={item.id}
              item={item}
              onRead={(id) => markRead.mutate(id, { onError: failed })}
            />
          ))}
        </ul>
      )}
      <Pager page={page} pages={pageCount(list.data?.meta)} onPage={setPage} />
    </section>
  );
}
