import { eq } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import {
  emailVerifications,
  mailChangeTokens,
  mfaChallenges,
  passwordResetTokens,
} from '../../db/schema/index.ts';

/**
 * docs/domain.md, Privacy rights: an erased account's pending reset, mail-change and mail-verification links
 * and its second-factor challenges go (a link names the mail). None is exported: each is a single-use secret.
 */
export const authPrivacy = {
  async eraseFor(userId: string, tx: Db) {
    for (const table of [passwordResetTokens, mailChangeTokens, emailVerifications, mfaChallenges]) {
      await tx.delete(table).where(eq(table.userId, userId));
    }
  },
};
