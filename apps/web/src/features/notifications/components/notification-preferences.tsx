import { NOTIFICATION_TYPES, type NotificationType } from '@l4l/shared/constants/notifications';
import { es } from '@l4l/shared/texts/es/profile';
import panel from '../../../components/panel/panel.module.css';
import { Spinner } from '../../../components/spinner/spinner.tsx';
import { toast } from '../../../lib/toast.ts';
import {
  useNotificationPreferences,
  useUpdateNotificationPreferences,
} from '../api/notification-preferences.ts';
import styles from './notification-preferences.module.css';

const t = es.notifications.centre;

/**
 * Mi Perfil's mail switches (docs/notifications.md, Preferences and unsubscribe): one per type the server gives for the
 * person's role, in the order of the types, saved at once.
 */
export function NotificationPreferences() {
  const preferences = useNotificationPreferences();
  const update = useUpdateNotificationPreferences();
  const toggle = (type: NotificationType, on: boolean) =>
    update.mutate(
      { email: { [type]: on } },
      {
        onSuccess: () => toast.success(t.preferencesSaved),
        onError: (error) => toast.error(error.message),
      },
    );

  return (
    <section className={panel.panel} aria-labelledby="notification-preferences-title">
      <h2 id="notification-preferences-title" className={panel.title}>
        {t.preferencesTitle}
      </h2>
      <p className={panel.hint}>{t.preferencesHint}</p>
      {preferences.isPending ? (
        <Spinner />
      ) : preferences.isError ? (
        <p role="alert">{preferences.error.message}</p>
      ) : (
        <ul className={styles.list}>
          {NOTIFICATION_TYPES.filter((type) => preferences.data.email[type] !== undefined).map((type) => (
            <li key={type}>
              <label className={styles.switch}>
                <span>{es.notifications.typeLabels[type]}</span>
                <input
                  type="checkbox"
                  role="switch"
                  aria-checked={preferences.data.email[type] === true}
                  checked={preferences.data.email[type] === true}
                  disabled={update.isPending}
                  onChange={(event) => toggle(type, event.target.checked)}
                />
              </label>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
