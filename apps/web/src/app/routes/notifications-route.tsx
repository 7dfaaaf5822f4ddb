import { es } from '@l4l/shared/texts/es/app';
import { NotificationsPage } from '../../features/notifications/components/notifications-page.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

/** /dashboard/notificaciones (docs/notifications.md). */
export function NotificationsRoute() {
  useDocumentTitle(es.notifications.centre.title);
  return <NotificationsPage />;
}
