/** The notifications feature's public entry: what app.ts and other modules may use. */

export { MESSAGE_DIGEST } from './message-digest.ts';
export type { NotificationEvent, NotifyEvent } from './notification-events.ts';
export { renderNotificationMail } from './notification-mail.ts';
export {
  default as notificationsPlugin,
  type Notifications,
  type NotificationsPluginOptions,
} from './notifications.plugin.ts';
export { notificationsPrivacy } from './notifications.privacy.ts';
