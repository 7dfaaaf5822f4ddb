import { z } from 'zod';
import { NOTIFICATION_TYPES, type NotificationType } from '../constants/notifications.ts';
import { pageMetaSchema } from '../envelope.ts';
import { pageQuerySchema } from './common.ts';

/** A notification as GET /api/notifications and the STOMP push carry it (docs/notifications.md). */
export const notificationSchema = z.object({
  id: z.uuid(),
  type: z.enum(NOTIFICATION_TYPES),
  title: z.string(),
  body: z.string(),
  /** a path of the web app (`/dashboard/...`), the screen the notification is about */
  link: z.string(),
  caseId: z.uuid().nullable(),
  createdAt: z.string(),
  readAt: z.string().nullable(),
});
export type Notification = z.infer<typeof notificationSchema>;

/** GET /api/notifications: paging, and `unread=true` for the unread ones only. */
export const notificationsQuerySchema = pageQuerySchema.extend({
  unread: z
    .enum(['true', 'false'])
    .optional()
    .transform((value) => value === 'true'),
});
export type NotificationsQuery = z.infer<typeof notificationsQuerySchema>;

export const notificationsPageSchema = z.object({
  data: z.array(notificationSchema),
  meta: pageMetaSchema.extend({ unread: z.number().int() }),
});
export type NotificationsPage = z.infer<typeof notificationsPageSchema>;

const emailSwitches = z.object(
  Object.fromEntries(NOTIFICATION_TYPES.map((type) => [type, z.boolean()])) as Record<
    NotificationType,
    z.ZodBoolean
  >,
);

/**
 * GET /api/notifications/preferences: one mail switch per type the caller's role is told of
 * (NOTIFICATION_AUDIENCE), every one on unless turned off.
 */
export const notificationPreferencesSchema = z.object({ email: emailSwitches.partial() });
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;

/**
 * PUT /api/notifications/preferences: the switches to change (the others stay as they are); a type the
 * caller's role is not told of is 400.
 */
export const notificationPreferencesInputSchema = z.object({ email: emailSwitches.partial().strict() });
export type NotificationPreferencesInput = z.infer<typeof notificationPreferencesInputSchema>;

/** GET and POST /api/notifications/unsubscribe?token=: the signed token of a notification mail. */
export const unsubscribeQuerySchema = z.object({ token: z.string().min(1).max(500) });
