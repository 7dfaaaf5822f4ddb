import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import {
  messageDigests,
  notificationMails,
  notificationPreferences,
  notifications,
} from '../../db/schema/index.ts';

/** docs/domain.md, Privacy rights: a person's notifications and mail preferences, exported and erased. */
export const notificationsPrivacy = {
  async exportFor(userId: string, db: Db) {
    return {
      notifications: await db
        .select({
          id: notifications.id,
          type: notifications.type,
          title: notifications.title,
          body: notifications.body,
          createdAt: notifications.createdAt,
          readAt: notifications.readAt,
        })
        .from(notifications)
        .where(eq(notifications.userId, userId))
        .orderBy(asc(notifications.createdAt)),
      notificationPreferences: await db
        .select({ type: notificationPreferences.type, email: notificationPreferences.email })
        .from(notificationPreferences)
        .where(eq(notificationPreferences.userId, userId)),
    };
  },

  /** The notifications, preferences and digest marks go, with the mails not sent yet, which name addresses. */
  async eraseFor(userId: string, tx: Db) {
    // their outbox mails go with them (cascade), and the account mails not sent yet
    await tx.delete(notifications).where(eq(notifications.userId, userId));
    await tx.delete(notificationMails).where(eq(notificationMails.userId, userId));
    await tx.delete(notificationPreferences).where(eq(notificationPreferences.userId, userId));
    await tx.delete(messageDigests).where(eq(messageDigests.userId, userId));
  },
};
