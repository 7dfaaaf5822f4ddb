import { randomUUID } from 'node:crypto';
import type { NotificationType } from '@l4l/shared/constants/notifications';
import { and, count, desc, eq, gt, inArray, isNotNull, isNull, lte, max, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { rowsOf } from '../../db/prepared.ts';
import {
  cases,
  chats,
  messageDigests,
  messages,
  notificationMails,
  notificationPreferences,
  notifications,
  users,
} from '../../db/schema/index.ts';
import type { AccountMail } from '../../plugins/mailer.ts';

export type NotificationRow = typeof notifications.$inferSelect;
export type NewNotification = typeof notifications.$inferInsert;

/**
 * A mail the worker has claimed: the outbox row with what its message is made of, a notification and its
 * recipient, or an account mail that the module owning its kind composes.
 */
export type ClaimedMail = { id: string; messageId: string; attempts: number } & (
  | { notification: NotificationRow; to: string; name: string; account?: undefined }
  | { notification?: undefined; account: Required<AccountMail> }
);

/** Notifications, their mail outbox and the mail preferences: Drizzle only. */
export function createNotificationsRepository(db: Db) {
  return {
    async insertNotification(row: NewNotification): Promise<NotificationRow> {
      const [stored] = await db.insert(notifications).values(row).returning();
      if (!stored) throw new Error('notification not stored');
      return stored;
    },

    /**
     * Many notifications in one statement (the new-case alerts' batches), in the order given. The batch is
     * one JSON value, not a parameter per field: hundreds of rows are a short statement to build and parse.
     */
    async insertNotifications(rows: NewNotification[]): Promise<NotificationRow[]> {
      if (rows.length === 0) return [];
      const input = rows.map((row) => ({
        id: row.id ?? randomUUID(),
        user_id: row.userId,
        type: row.type,
        title: row.title,
        body: row.body,
        link: row.link,
        case_id: row.caseId ?? null,
        amount_cents: row.amountCents ?? null,
      }));
      const inserted = await rowsOf<
        Omit<NotificationRow, 'createdAt' | 'readAt'> & { createdAt: Date | string; readAt: null }
      >(
        db,
        sql`insert into ${notifications}
          (id, user_id, type, title, body, link, case_id, amount_cents)
        select id, user_id, type, title, body, link, case_id, amount_cents
        from jsonb_to_recordset(${JSON.stringify(input)}::jsonb) as t(id uuid, user_id uuid, type text,
          title text, body text, link text, case_id uuid, amount_cents int)
        returning id, user_id as "userId", type, title, body, link, case_id as "caseId",
          amount_cents as "amountCents", created_at as "createdAt", read_at as "readAt"`,
      );
      // the driver may hand the time back as text
      const stored = new Map(inserted.map((row) => [row.id, { ...row, createdAt: new Date(row.createdAt) }]));
      return input.map(({ id }) => stored.get(id) as NotificationRow);
    },

    async insertMails(rows: Array<{ notificationId: string; messageId: string }>): Promise<void> {
      if (rows.length > 0) await db.insert(notificationMails).values(rows);
    },

    /** Of `userIds`, those who turned the mails of `type` off. */
    async mailsOff(userIds: string[], type: NotificationType): Promise<Set<string>> {
      if (userIds.length === 0) return new Set();
      const rows = await db
        .select({ userId: notificationPreferences.userId })
        .from(notificationPreferences)
        .where(
          and(
            inArray(notificationPreferences.userId, userIds),
            eq(notificationPreferences.type, type),
            eq(notificationPreferences.email, false),
          ),
        );
      return new Set(rows.map((row) => row.userId));
    },

    async insertMail(notificationId: string, messageId: string): Promise<void> {
      await db.insert(notificationMails).values({ notificationId, messageId });
    },

    async insertAccountMail(id: string, mail: AccountMail, messageId: string): Promise<void> {
      const { kind, userId, subjectId = null, params = null } = mail;
      await db.insert(notificationMails).values({ id, kind, userId, subjectId, params, messageId });
    },

    /** The mail switches a person turned off or on; no row means on. */
    async preferences(userId: string): Promise<Array<{ type: string; email: boolean }>> {
      return db
        .select({ type: notificationPreferences.type, email: notificationPreferences.email })
        .from(notificationPreferences)
        .where(eq(notificationPreferences.userId, userId));
    },

    async mailWanted(userId: string, type: NotificationType): Promise<boolean> {
      const [row] = await db
        .select({ email: notificationPreferences.email })
        .from(notificationPreferences)
        .where(and(eq(notificationPreferences.userId, userId), eq(notificationPreferences.type, type)));
      return row?.email ?? true;
    },

    async setPreferences(userId: string, switches: Array<[NotificationType, boolean]>): Promise<void> {
      if (switches.length === 0) return;
      await db
        .insert(notificationPreferences)
        .values(switches.map(([type, email]) => ({ userId, type, email })))
        .onConflictDoUpdate({
          target: [notificationPreferences.userId, notificationPreferences.type],
          set: { email: sql`excluded.email` },
        });
    },

    async userExists(userId: string): Promise<boolean> {
      const [row] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId));
      return Boolean(row);
    },

    /** The facts a notification names: the case's title and parties, and people's names. */
    async caseFacts(caseId: string) {
      const [row] = await db
        .select({ id: cases.id, title: cases.title, userId: cases.userId, lawyerId: cases.lawyerId })
        .from(cases)
        .where(eq(cases.id, caseId));
      return row ?? null;
    },

    async personName(userId: string): Promise<string | null> {
      const [row] = await db
        .select({ name: users.name, surname: users.surname })
        .from(users)
        .where(eq(users.id, userId));
      return row ? `${row.name} ${row.surname}`.trim() : null;
    },

    async page(userId: string, options: { unreadOnly: boolean; limit: number; offset: number }) {
      const where = options.unreadOnly
        ? and(eq(notifications.userId, userId), isNull(notifications.readAt))
        : eq(notifications.userId, userId);
      const [rows, [total], [unread]] = await Promise.all([
        db
          .select()
          .from(notifications)
          .where(where)
          .orderBy(desc(notifications.createdAt), desc(notifications.id))
          .limit(options.limit)
          .offset(options.offset),
        db.select({ n: count() }).from(notifications).where(where),
        db
          .select({ n: count() })
          .from(notifications)
          .where(and(eq(notifications.userId, userId), isNull(notifications.readAt))),
      ]);
      return { rows, total: total?.n ?? 0, unread: unread?.n ?? 0 };
    },

    /** Marks one of the person's notifications read (a read one keeps its first reading time). */
    async markRead(userId: string, id: string): Promise<NotificationRow | null> {
      const [updated] = await db
        .update(notifications)
        .set({ readAt: sql`coalesce(${notifications.readAt}, now())` })
        .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
        .returning();
      return updated ?? null;
    },

    async markAllRead(userId: string): Promise<number> {
      const updated = await db
        .update(notifications)
        .set({ readAt: sql`now()` })
        .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)))
        .returning({ id: notifications.id });
      return updated.length;
    },

    /**
     * Claims the next due mail: locks it (a row another worker holds is skipped), counts the attempt, marks
     * it claimed and pushes its next attempt `leaseMs` ahead, all in the caller's transaction. A worker that
     * dies while sending leaves the row to be claimed again once the lease ends (or at once on the
     * embedded database, see `releaseClaims`).
     */
    async claimNext(now: Date, leaseMs: number): Promise<ClaimedMail | null> {
      const [due] = await db
        .select({ id: notificationMails.id })
        .from(notificationMails)
        .where(and(eq(notificationMails.status, 'pending'), lte(notificationMails.nextAttemptAt, now)))
        .orderBy(notificationMails.nextAttemptAt)
        .limit(1)
        .for('update', { skipLocked: true });
      if (!due) return null;
      await db
        .update(notificationMails)
        .set({
          attempts: sql`${notificationMails.attempts} + 1`,
          claimedAt: now,
          nextAttemptAt: new Date(now.getTime() + leaseMs),
        })
        .where(eq(notificationMails.id, due.id));
      const [row] = await db
        .select({ mail: notificationMails, notification: notifications, to: users.mail, name: users.name })
        .from(notificationMails)
        .leftJoin(notifications, eq(notifications.id, notificationMails.notificationId))
        .leftJoin(users, eq(users.id, notifications.userId))
        .where(eq(notificationMails.id, due.id));
      if (!row) return null;
      const { id, messageId, attempts, kind, userId, subjectId, params } = row.mail;
      if (row.notification && row.to !== null && row.name !== null) {
        return { id, messageId, attempts, notification: row.notification, to: row.to, name: row.name };
      }
      if (kind && userId) return { id, messageId, attempts, account: { kind, userId, subjectId, params } };
      // a notification whose person is gone has nobody to mail: skipped, and the next one is looked at
      await db
        .update(notificationMails)
        .set({ status: 'skipped', claimedAt: null })
        .where(eq(notificationMails.id, id));
      return this.claimNext(now, leaseMs);
    },

    /**
     * Ends the claims of attempts that no process is making any more: on the embedded database one process
     * owns the outbox (db/data-lock.ts), so at its start a claim left behind is one a killed predecessor
     * never finished, due again at once instead of at the end of its lease.
     */
    async releaseClaims(now: Date): Promise<number> {
      const released = await db
        .update(notificationMails)
        .set({ claimedAt: null, nextAttemptAt: now })
        .where(and(eq(notificationMails.status, 'pending'), isNotNull(notificationMails.claimedAt)))
        .returning({ id: notificationMails.id });
      return released.length;
    },

    async markSent(id: string, at: Date): Promise<void> {
      await db
        .update(notificationMails)
        .set({ status: 'sent', sentAt: at, lastError: null, claimedAt: null })
        .where(eq(notificationMails.id, id));
    },

    /** Nothing to send any more (a link used, replaced or expired before its mail left). */
    async markSkipped(id: string): Promise<void> {
      await db
        .update(notificationMails)
        .set({ status: 'skipped', claimedAt: null })
        .where(eq(notificationMails.id, id));
    },

    /** A failed attempt: tried again at `retryAt`, or given up (`failed`) when there is none. */
    async markFailed(id: string, error: string, retryAt: Date | null): Promise<void> {
      await db
        .update(notificationMails)
        .set(
          retryAt
            ? { lastError: error, nextAttemptAt: retryAt, claimedAt: null }
            : { lastError: error, status: 'failed' as const, claimedAt: null },
        )
        .where(eq(notificationMails.id, id));
    },

    async digestCandidates(now: Date, windowMs: number, maxAgeMs: number): Promise<DigestCandidate[]> {
      return [
        ...(await digestCandidatesOf(db, 'client', now, windowMs, maxAgeMs)),
        ...(await digestCandidatesOf(db, 'lawyer', now, windowMs, maxAgeMs)),
      ];
    },

    /**
     * Takes the chat's digest for the recipient at `now`, unless another sweep (another process) took it in
     * the last `windowMs`: true when this caller is to write it, in the same transaction.
     */
    async takeDigest(candidate: DigestCandidate, now: Date, windowMs: number): Promise<boolean> {
      const taken = await db
        .insert(messageDigests)
        .values({
          chatId: candidate.chatId,
          userId: candidate.recipientId,
          lastSentAt: now,
          coveredUntil: candidate.newest,
        })
        .onConflictDoUpdate({
          target: [messageDigests.chatId, messageDigests.userId],
          set: { lastSentAt: now, coveredUntil: candidate.newest },
          setWhere: and(
            lte(messageDigests.lastSentAt, new Date(now.getTime() - windowMs)),
            sql`${messageDigests.coveredUntil} < ${candidate.newest}`,
          ),
        })
        .returning({ chatId: messageDigests.chatId });
      return taken.length > 0;
    },

    /**
     * Mails not sent yet (queue depth), and those given up: read from the partial index of the unsent (its
     * predicate written out, so the planner matches it whatever the parameters), not from every mail ever.
     */
    async outboxCounts(): Promise<{ pending: number; failed: number }> {
      const rows = await db
        .select({ status: notificationMails.status, n: count() })
        .from(notificationMails)
        .where(sql`${notificationMails.status} in ('pending', 'failed')`)
        .groupBy(notificationMails.status);
      const of = (status: string) => rows.find((row) => row.status === status)?.n ?? 0;
      return { pending: of('pending'), failed: of('failed') };
    },
  };
}

/** A chat where one of its two people has unread messages no digest has counted yet. */
export type DigestCandidate = {
  chatId: string;
  recipientId: string;
  senderId: string;
  /** every unread message of the sender (what the digest counts) */
  unread: number;
  newest: Date;
};

/**
 * Chats with a digest due at `now` (docs/notifications.md, The messages digest), on one side of the pair:
 * the sender's messages the recipient has not read, at least one newer than the last digest, and no digest
 * in the last `windowMs`. Platform messages (no sender) and the client-only ones are not counted for the
 * lawyer. Only messages of the last `maxAgeMs` count.
 */
async function digestCandidatesOf(
  db: Db,
  side: 'client' | 'lawyer',
  now: Date,
  windowMs: number,
  maxAgeMs: number,
): Promise<DigestCandidate[]> {
  const recipient = side === 'client' ? chats.userId : chats.lawyerId;
  const sender = side === 'client' ? chats.lawyerId : chats.userId;
  const lastRead = side === 'client' ? chats.userLastReadAt : chats.lawyerLastReadAt;
  const epoch = new Date(0);
  const newest = max(messages.createdAt);
  const rows = await db
    .select({
      chatId: chats.id,
      recipientId: recipient,
      senderId: sender,
      unread: count(),
      newest,
    })
    .from(chats)
    .innerJoin(
      messages,
      and(
        eq(messages.chatId, chats.id),
        eq(messages.senderId, sender),
        gt(messages.createdAt, sql`coalesce(${lastRead}, ${epoch})`),
        gt(messages.createdAt, new Date(now.getTime() - maxAgeMs)),
        lte(messages.createdAt, now),
        side === 'lawyer' ? eq(messages.audience, 'ALL') : undefined,
      ),
    )
    .leftJoin(messageDigests, and(eq(messageDigests.chatId, chats.id), eq(messageDigests.userId, recipient)))
    .where(
      or(
        isNull(messageDigests.lastSentAt),
        lte(messageDigests.lastSentAt, new Date(now.getTime() - windowMs)),
      ),
    )
    .groupBy(chats.id, recipient, sender, messageDigests.coveredUntil)
    .having(gt(newest, sql`coalesce(${messageDigests.coveredUntil}, ${epoch})`));
  return rows.flatMap((row) =>
    row.newest ? [{ ...row, newest: new Date(row.newest), unread: Number(row.unread) }] : [],
  );
}

export type NotificationsRepository = ReturnType<typeof createNotificationsRepository>;
