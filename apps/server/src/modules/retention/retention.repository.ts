import { and, isNotNull, lt, ne, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/database.ts';
import {
  auditLog,
  caseCreationKeys,
  emailVerifications,
  mailChangeTokens,
  messageDigests,
  mfaChallenges,
  notificationMails,
  passwordResetTokens,
  paymentEvents,
  sessions,
} from '../../db/schema/index.ts';

/** The single-use mail links and challenges: all have an expiry and a moment of use. */
const linkTables = {
  passwordResetTokens,
  mailChangeTokens,
  emailVerifications,
  mfaChallenges,
} as const;

export type LinkTable = keyof typeof linkTables;

/** docs/domain.md, Privacy rights, Retention: the rows past their period, deleted. Each answers how many went. */
export function createRetentionRepository(db: Db) {
  /** Deletes the rows of `table` whose `column` is before `before` (and that match `also`); how many went. */
  async function purgeOlder(table: PgTable, column: PgColumn, before: Date, also?: SQL): Promise<number> {
    const rows = await db
      .delete(table)
      .where(and(lt(column, before), also))
      .returning({ one: sql<number>`1` });
    return rows.length;
  }

  return {
    /** Sessions whose expiry is older than `before`: no token can use them, revoked or not. */
    purgeSessions: (before: Date) => purgeOlder(sessions, sessions.expiresAt, before),

    /** A link or challenge that expired before `expiredBefore`, or was used before `usedBefore`. */
    async purgeLinks(table: LinkTable, expiredBefore: Date, usedBefore: Date) {
      const t = linkTables[table];
      const rows = await db
        .delete(t)
        .where(or(lt(t.expiresAt, expiredBefore), and(isNotNull(t.usedAt), lt(t.usedAt, usedBefore))))
        .returning({ id: t.id });
      return rows.length;
    },

    /** Idempotency keys of case creations seen before `before` (they answer for 24 hours only). */
    purgeCreationKeys: (before: Date) => purgeOlder(caseCreationKeys, caseCreationKeys.createdAt, before),

    /** Digest marks last written before `before`: every message they covered is too old to be told again. */
    purgeMessageDigests: (before: Date) => purgeOlder(messageDigests, messageDigests.lastSentAt, before),

    /** Delivery records of mails sent, skipped or given up, queued before `before` (a partial index range). */
    purgeFinishedMails: (before: Date) =>
      purgeOlder(
        notificationMails,
        notificationMails.createdAt,
        before,
        ne(notificationMails.status, 'pending'),
      ),

    /** Payment providers' events received before `before`. */
    purgePaymentEvents: (before: Date) => purgeOlder(paymentEvents, paymentEvents.receivedAt, before),

    /** Audit entries written before `before`. */
    purgeAuditLog: (before: Date) => purgeOlder(auditLog, auditLog.createdAt, before),
  };
}
