import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { cases } from './cases.ts';
import { chats } from './chat.ts';
import { createdAt, id, tstz } from './columns.ts';
import { users } from './users.ts';

/**
 * What a person is told in the app (docs/notifications.md): written in the transaction of the event it
 * reports. The texts are stored as shown, so a later change of wording never rewrites history.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    link: text('link').notNull(),
    caseId: uuid('case_id').references(() => cases.id, { onDelete: 'set null' }),
    amountCents: integer('amount_cents'),
    createdAt: createdAt(),
    readAt: tstz('read_at'),
  },
  (t) => [
    index('notifications_user_created_idx').on(t.userId, t.createdAt),
    index('notifications_user_unread_idx').on(t.userId).where(sql`${t.readAt} is null`),
  ],
);

/**
 * The mail outbox (docs/notifications.md, The outbox): one row per mail, written in the transaction of
 * what it tells. A notification's mail names its notification; an account mail (an address to verify, a
 * password reset, a lawyer's verification, a refund…) names its `kind`, its recipient and the row it is
 * about, and is composed when it leaves by the module that owns that kind. The worker claims due rows
 * one at a time (`claimedAt`, and a lease in `nextAttemptAt`), sends them and marks them sent (or
 * skipped: a link no longer good). `messageId` is fixed when the row is written, so a resend after a
 * crash carries the same Message-ID.
 */
export const notificationMails = pgTable(
  'notification_mails',
  {
    id: id(),
    notificationId: uuid('notification_id')
      .unique()
      .references(() => notifications.id, { onDelete: 'cascade' }),
    /** an account mail: what it is ('password-reset', 'lawyer-verified'…), composed by its owner */
    kind: text('kind'),
    /** an account mail's recipient: the mail goes with the account */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** the row an account mail is about (a reset link, a payment…), if any */
    subjectId: uuid('subject_id'),
    /** what an account mail must say as it was when it was written (a reason, the old address…) */
    params: jsonb('params').$type<Record<string, string>>(),
    status: text('status', { enum: ['pending', 'sent', 'skipped', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: tstz('next_attempt_at').notNull().defaultNow(),
    /** set while an attempt holds the row (until `nextAttemptAt`, its lease); cleared when it ends */
    claimedAt: tstz('claimed_at'),
    messageId: text('message_id').notNull().unique(),
    sentAt: tstz('sent_at'),
    lastError: text('last_error'),
    createdAt: createdAt(),
  },
  (t) => [
    index('notification_mails_due_idx').on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
    index('notification_mails_user_idx').on(t.userId),
    // the retention sweep's range over finished mails (docs/domain.md, Privacy rights, Retention)
    index('notification_mails_finished_idx').on(t.createdAt).where(sql`${t.status} <> 'pending'`),
    // the outbox's depth, counted after every run of the worker: the few mails not sent, not every mail ever
    index('notification_mails_unsent_idx').on(t.status).where(sql`${t.status} in ('pending', 'failed')`),
    check(
      'notification_mails_one_subject',
      sql`(${t.notificationId} is not null and ${t.kind} is null and ${t.userId} is null) or (${t.notificationId} is null and ${t.kind} is not null and ${t.userId} is not null)`,
    ),
  ],
);

/** A person's mail switch for one type; no row means on. */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    email: boolean('email').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.type] })],
);

/**
 * The unread-messages digest of one chat for one of its two people (docs/notifications.md, The messages
 * digest): when the last one was written, and the newest message it counted, so the next one waits an
 * hour and only comes for messages newer than that.
 */
export const messageDigests = pgTable(
  'message_digests',
  {
    chatId: uuid('chat_id')
      .notNull()
      .references(() => chats.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lastSentAt: tstz('last_sent_at').notNull(),
    coveredUntil: tstz('covered_until').notNull(),
  },
  (t) => [primaryKey({ columns: [t.chatId, t.userId] })],
);
