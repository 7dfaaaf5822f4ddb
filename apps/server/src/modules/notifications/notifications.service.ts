import { randomUUID } from 'node:crypto';
import {
  NOTIFICATIONS_DESTINATION,
  type NotificationType,
  notificationTypesFor,
} from '@l4l/shared/constants/notifications';
import type { Role } from '@l4l/shared/constants/roles';
import type {
  Notification,
  NotificationPreferences,
  NotificationPreferencesInput,
  NotificationsPage,
  NotificationsQuery,
} from '@l4l/shared/schemas/notifications';
import { es } from '@l4l/shared/texts/es';
import type { Db } from '../../db/database.ts';
import { notFound, validationError } from '../../lib/app-error.ts';
import type { AfterCommit } from '../../lib/transaction.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import type { AccountMail } from '../../plugins/mailer.ts';
import {
  createNotificationsRepository,
  type NewNotification,
  type NotificationRow,
  type NotificationsRepository,
} from './notifications.repository.ts';
import type { UnsubscribeTokens } from './unsubscribe-token.ts';

/** What one notification says and where it leads (a path of the web app). */
export type NotifyInput = {
  userId: string;
  type: NotificationType;
  title: string;
  body: string;
  link: string;
  caseId?: string | null;
  amountCents?: number | null;
  /** told in the app only, never by mail (the administrators' queue events) */
  inAppOnly?: boolean;
};

/** The row a notification is stored as. */
function storedRow(input: NotifyInput): NewNotification {
  const { userId, type, title, body, link } = input;
  return {
    userId,
    type,
    title,
    body,
    link,
    caseId: input.caseId ?? null,
    amountCents: input.amountCents ?? null,
  };
}

export function toNotification(row: NotificationRow): Notification {
  return {
    id: row.id,
    type: row.type as NotificationType,
    title: row.title,
    body: row.body,
    link: row.link,
    caseId: row.caseId,
    createdAt: row.createdAt.toISOString(),
    readAt: row.readAt ? row.readAt.toISOString() : null,
  };
}

/**
 * Notifications (docs/notifications.md): `notify` writes one, and its mail job unless the person turned
 * that type off, in the transaction of the event; after the commit the person's open sessions get it
 * over STOMP and the mail worker is woken. The rest is the person's own list, read marks and switches.
 */
export function createNotificationsService(deps: {
  db: Db;
  tokens: UnsubscribeTokens;
  /** a stable Message-ID per notification: `<notification-{id}@{domain}>` */
  messageDomain: string;
  /** writes to every open session of the user, on every process (the chat's fan-out) */
  push: (userId: string, destination: string, body: string) => Promise<void>;
  /** tells the mail worker there is something to send */
  wakeWorker: () => void;
}) {
  const repository = createNotificationsRepository(deps.db);

  async function preferencesOf(
    repo: NotificationsRepository,
    { id: userId, role }: { id: string; role: Role },
  ): Promise<NotificationPreferences> {
    const stored = new Map((await repo.preferences(userId)).map((row) => [row.type, row.email]));
    const email = Object.fromEntries(
      notificationTypesFor(role).map((type) => [type, stored.get(type) ?? true]),
    );
    return { email: email as NotificationPreferences['email'] };
  }

  return {
    /** Writes a notification (and its mail job) in the caller's transaction; pushes it after the commit. */
    async notify(tx: Db, afterCommit: AfterCommit, input: NotifyInput): Promise<NotificationRow> {
      const repo = createNotificationsRepository(tx);
      const row = await repo.insertNotification(storedRow(input));
      const mailed = !input.inAppOnly && (await repo.mailWanted(input.userId, input.type));
      if (mailed) await repo.insertMail(row.id, `<notification-${row.id}@${deps.messageDomain}>`);
      afterCommit(async () => {
        await deps.push(input.userId, NOTIFICATIONS_DESTINATION, JSON.stringify(toNotification(row)));
        if (mailed) deps.wakeWorker();
      });
      return row;
    },

    /**
     * `notify` for many people at once, of one type (the new-case alerts' batches): a few statements for
     * the batch instead of a few per person; the same rows, mails, switches and pushes.
     */
    async notifyMany(tx: Db, afterCommit: AfterCommit, inputs: NotifyInput[]): Promise<NotificationRow[]> {
      const type = inputs[0]?.type;
      if (!type) return [];
      const repo = createNotificationsRepository(tx);
      const rows = await repo.insertNotifications(inputs.map(storedRow));
      const off = await repo.mailsOff(
        inputs.filter((input) => !input.inAppOnly).map((input) => input.userId),
        type,
      );
      const mailed = rows.filter((row, i) => !inputs[i]?.inAppOnly && !off.has(row.userId));
      await repo.insertMails(
        mailed.map((row) => ({
          notificationId: row.id,
          messageId: `<notification-${row.id}@${deps.messageDomain}>`,
        })),
      );
      afterCommit(async () => {
        await Promise.all(
          rows.map((row) =>
            deps.push(row.userId, NOTIFICATIONS_DESTINATION, JSON.stringify(toNotification(row))),
          ),
        );
        if (mailed.length > 0) deps.wakeWorker();
      });
      return rows;
    },

    /**
     * Puts an account mail in the outbox, in the caller's transaction; the module that owns its kind
     * composes it when it is sent (docs/notifications.md, Account mails).
     */
    async queueAccountMail(tx: Db, afterCommit: AfterCommit, mail: AccountMail): Promise<void> {
      const id = randomUUID();
      await createNotificationsRepository(tx).insertAccountMail(
        id,
        mail,
        `<${mail.kind}-${id}@${deps.messageDomain}>`,
      );
      afterCommit(() => deps.wakeWorker());
    },

    async list(actor: AuthUser, query: NotificationsQuery): Promise<NotificationsPage> {
      const { page, pageSize } = query;
      const found = await repository.page(actor.id, {
        unreadOnly: query.unread,
        limit: pageSize,
        offset: (page - 1) * pageSize,
      });
      return {
        data: found.rows.map(toNotification),
        meta: { total: found.total, page, pageSize, unread: found.unread },
      };
    },

    /** Another person's notification is 404, as if it did not exist. */
    async markRead(actor: AuthUser, id: string): Promise<Notification> {
      const updated = await repository.markRead(actor.id, id);
      if (!updated) throw notFound(es.notifications.centre.notFound);
      return toNotification(updated);
    },

    markAllRead: (actor: AuthUser) => repository.markAllRead(actor.id),

    preferences: (actor: AuthUser) => preferencesOf(repository, actor),

    /** docs/notifications.md, Preferences and unsubscribe: a switch the caller's role does not have is 400, nothing saved. */
    async setPreferences(
      actor: AuthUser,
      input: NotificationPreferencesInput,
    ): Promise<NotificationPreferences> {
      const switches = Object.entries(input.email).filter(
        (entry): entry is [NotificationType, boolean] => typeof entry[1] === 'boolean',
      );
      const own = new Set(notificationTypesFor(actor.role));
      const foreign = switches.filter(([type]) => !own.has(type));
      if (foreign.length > 0) {
        throw validationError(
          Object.fromEntries(
            foreign.map(([type]) => [`email.${type}`, es.notifications.centre.notYourSwitch]),
          ),
        );
      }
      await repository.setPreferences(actor.id, switches);
      return preferencesOf(repository, actor);
    },

    /** The link of a notification mail for its type. */
    unsubscribeToken: (userId: string, type: NotificationType) => deps.tokens.sign(userId, type),

    /** What an unsubscribe token names, or null (a forged or broken token, or a person who is gone). */
    async readUnsubscribeToken(token: string) {
      const named = deps.tokens.verify(token);
      if (!named || !(await repository.userExists(named.userId))) return null;
      return named;
    },

    /** Turns off the mails of one type for the person the token names; nothing else changes. */
    async unsubscribe(token: string): Promise<NotificationType | null> {
      const named = await this.readUnsubscribeToken(token);
      if (named) await repository.setPreferences(named.userId, [[named.type, false]]);
      return named?.type ?? null;
    },
  };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;
