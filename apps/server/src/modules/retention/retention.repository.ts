import { and, isNotNull, lt, or } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import {
  caseCreationKeys,
  emailVerifications,
  mailChangeTokens,
  messageDigests,
  mfaChallenges,
  passwordResetTokens,
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
  const count = (rows: unknown[]) => rows.length;
  return {
    /** Sessions whose expiry is older than `before`: no token can use them, revoked or not. */
    async purgeSessions(before: Date) {
      return count(
        await db.delete(sessions).where(lt(sessions.expiresAt, before)).returning({ id: sessions.id }),
      );
    },

    /** A link or challenge that expired before `expiredBefore`, or was used before `usedBefore`. */
    async purgeLinks(table: LinkTable, expiredBefore: Date, usedBefore: Date) {
      const t = linkTables[table];
      const rows = await db
        .delete(t)
        .where(or(lt(t.expiresAt, expiredBefore), and(isNotNull(t.usedAt), lt(t.usedAt, usedBefore))))
        .returning({ id: t.id });
      return count(rows);
    },

    /** Idempotency keys of case creations seen before `before` (they answer for 24 hours only). */
    async purgeCreationKeys(before: Date) {
      const rows = await db
        .delete(caseCreationKeys)
        .where(lt(caseCreationKeys.createdAt, before))
        .returning({ key: caseCreationKeys.key });
      return count(rows);
    },

    /** Digest marks last written before `before`: every message they covered is too old to be told again. */
    async purgeMessageDigests(before: Date) {
      const rows = await db
        .delete(messageDigests)
        .where(lt(messageDigests.lastSentAt, before))
        .returning({ chatId: messageDigests.chatId });
      return count(rows);
    },
  };
}
