import { and, eq, getTableColumns, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import {
  emailVerifications,
  lawyerProfiles,
  mailChangeTokens,
  mfaChallenges,
  passwordResetTokens,
  type uploads,
  users,
} from '../../db/schema/index.ts';
import { createLawyerProfile } from '../lawyers/index.ts';
import { recordUpload } from '../uploads/index.ts';
import { userAccounts } from '../users/index.ts';

/** A second-factor challenge takes this many wrong codes, then the administrator signs in again. */
export const MFA_MAX_ATTEMPTS = 5;

/**
 * An account as sign-in needs it: the user row and, for a lawyer, when an administrator verified them or
 * rejected them, and why.
 */
export type Account = typeof users.$inferSelect & {
  lawyerVerifiedAt: Date | null;
  lawyerRejectedAt: Date | null;
  lawyerRejectionReason: string | null;
};

export function createAuthRepository(db: Db) {
  const accounts = () =>
    db
      .select({
        ...getTableColumns(users),
        lawyerVerifiedAt: lawyerProfiles.verifiedAt,
        lawyerRejectedAt: lawyerProfiles.rejectedAt,
        lawyerRejectionReason: lawyerProfiles.rejectionReason,
      })
      .from(users)
      .leftJoin(lawyerProfiles, eq(lawyerProfiles.userId, users.id));

  const owned = userAccounts(db);
  return {
    // the account's own fields are the users module's to write (docs/decisions/0026-table-ownership.md)
    insertUser: owned.insert,
    setPasswordHash: owned.setPasswordHash,
    linkGoogleAccount: owned.linkGoogleAccount,
    touchLastConnection: owned.touchLastConnection,
    setMail: owned.setMail,
    markMailVerified: owned.markMailVerified,
    provideTotpSecret: owned.provideTotpSecret,
    acceptTotpStep: owned.acceptTotpStep,
    insertLawyerProfile: (values: typeof lawyerProfiles.$inferInsert) => createLawyerProfile(db, values),
    insertUpload: (values: typeof uploads.$inferInsert) => recordUpload(db, values),

    async findByMail(mail: string): Promise<Account | undefined> {
      const [account] = await accounts().where(eq(users.mail, mail)).limit(1);
      return account;
    },

    async findById(id: string): Promise<Account | undefined> {
      const [account] = await accounts().where(eq(users.id, id)).limit(1);
      return account;
    },

    async findByGoogleSub(sub: string): Promise<Account | undefined> {
      const [account] = await accounts().where(eq(users.googleSub, sub)).limit(1);
      return account;
    },

    async mailTaken(mail: string): Promise<boolean> {
      const [row] = await db.select({ id: users.id }).from(users).where(eq(users.mail, mail)).limit(1);
      return Boolean(row);
    },

    async insertResetToken(values: typeof passwordResetTokens.$inferInsert): Promise<void> {
      await db.insert(passwordResetTokens).values(values);
    },

    /** A reset token that is neither used nor expired. */
    async findUsableResetToken(tokenHash: string) {
      const [token] = await db
        .select({ id: passwordResetTokens.id, userId: passwordResetTokens.userId })
        .from(passwordResetTokens)
        .where(
          and(
            eq(passwordResetTokens.tokenHash, tokenHash),
            isNull(passwordResetTokens.usedAt),
            gt(passwordResetTokens.expiresAt, new Date()),
          ),
        )
        .limit(1);
      return token;
    },

    /** The reset link `id` and its account's name and mail, while it is neither used nor expired. */
    async findUsableResetTokenById(id: string) {
      const [token] = await db
        .select({ name: users.name, mail: users.mail })
        .from(passwordResetTokens)
        .innerJoin(users, eq(users.id, passwordResetTokens.userId))
        .where(
          and(
            eq(passwordResetTokens.id, id),
            isNull(passwordResetTokens.usedAt),
            gt(passwordResetTokens.expiresAt, new Date()),
          ),
        )
        .limit(1);
      return token;
    },

    /** Uses the token if it is still usable; false when another request used it first or it expired. */
    async consumeResetToken(id: string): Promise<boolean> {
      const used = await db
        .update(passwordResetTokens)
        .set({ usedAt: new Date() })
        .where(
          and(
            eq(passwordResetTokens.id, id),
            isNull(passwordResetTokens.usedAt),
            gt(passwordResetTokens.expiresAt, new Date()),
          ),
        )
        .returning({ id: passwordResetTokens.id });
      return used.length === 1;
    },

    /** Ends the user's other unused reset tokens: after a password change, older links stop working. */
    async useAllResetTokens(userId: string): Promise<void> {
      await db
        .update(passwordResetTokens)
        .set({ usedAt: new Date() })
        .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
    },

    // sign-in mail changes, confirmed from the new address

    /** Ends the user's unused mail-change links: only the latest request can be confirmed. */
    async useAllMailChangeTokens(userId: string): Promise<void> {
      await db
        .update(mailChangeTokens)
        .set({ usedAt: new Date() })
        .where(and(eq(mailChangeTokens.userId, userId), isNull(mailChangeTokens.usedAt)));
    },

    async insertMailChangeToken(values: typeof mailChangeTokens.$inferInsert): Promise<void> {
      await db.insert(mailChangeTokens).values(values);
    },

    /** The mail-change link `id`, its new address and its account's name, while neither used nor expired. */
    async findUsableMailChangeToken(id: string) {
      const [token] = await db
        .select({ newMail: mailChangeTokens.newMail, name: users.name })
        .from(mailChangeTokens)
        .innerJoin(users, eq(users.id, mailChangeTokens.userId))
        .where(
          and(
            eq(mailChangeTokens.id, id),
            isNull(mailChangeTokens.usedAt),
            gt(mailChangeTokens.expiresAt, new Date()),
          ),
        )
        .limit(1);
      return token;
    },

    /** Uses the link once, if it is neither used nor expired; answers whose and which mail it confirms. */
    async consumeMailChangeToken(tokenHash: string) {
      const [token] = await db
        .update(mailChangeTokens)
        .set({ usedAt: new Date() })
        .where(
          and(
            eq(mailChangeTokens.tokenHash, tokenHash),
            isNull(mailChangeTokens.usedAt),
            gt(mailChangeTokens.expiresAt, new Date()),
          ),
        )
        .returning({ userId: mailChangeTokens.userId, newMail: mailChangeTokens.newMail });
      return token;
    },

    // address verification (docs/domain.md, Mail verification)

    async insertEmailVerification(values: typeof emailVerifications.$inferInsert): Promise<void> {
      await db.insert(emailVerifications).values(values);
    },

    /** Ends the user's unused verification links: only the latest one works. */
    async useAllEmailVerifications(userId: string): Promise<void> {
      await db
        .update(emailVerifications)
        .set({ usedAt: new Date() })
        .where(and(eq(emailVerifications.userId, userId), isNull(emailVerifications.usedAt)));
    },

    /** Uses the link once, if it is neither used nor expired; answers whose address it confirms. */
    async consumeEmailVerification(tokenHash: string) {
      const [link] = await db
        .update(emailVerifications)
        .set({ usedAt: new Date() })
        .where(
          and(
            eq(emailVerifications.tokenHash, tokenHash),
            isNull(emailVerifications.usedAt),
            gt(emailVerifications.expiresAt, new Date()),
          ),
        )
        .returning({ userId: emailVerifications.userId, mail: emailVerifications.mail });
      return link;
    },

    /** A verification link still usable, with the name and the current mail of its user (for its mail). */
    async findUsableEmailVerification(id: string) {
      const [link] = await db
        .select({ mail: emailVerifications.mail, name: users.name, currentMail: users.mail })
        .from(emailVerifications)
        .innerJoin(users, eq(users.id, emailVerifications.userId))
        .where(
          and(
            eq(emailVerifications.id, id),
            isNull(emailVerifications.usedAt),
            gt(emailVerifications.expiresAt, new Date()),
          ),
        )
        .limit(1);
      return link;
    },

    // the administrators' second factor (docs/api/http.md, Auth)

    async insertMfaChallenge(values: typeof mfaChallenges.$inferInsert): Promise<void> {
      await db.insert(mfaChallenges).values(values);
    },

    /** A challenge that is unused, unexpired and has wrong codes left. */
    async findUsableMfaChallenge(tokenHash: string) {
      const [challenge] = await db
        .select({ id: mfaChallenges.id, userId: mfaChallenges.userId, persistent: mfaChallenges.persistent })
        .from(mfaChallenges)
        .where(
          and(
            eq(mfaChallenges.tokenHash, tokenHash),
            isNull(mfaChallenges.usedAt),
            gt(mfaChallenges.expiresAt, new Date()),
            lt(mfaChallenges.failedAttempts, MFA_MAX_ATTEMPTS),
          ),
        )
        .limit(1);
      return challenge;
    },

    async countMfaFailure(id: string): Promise<void> {
      await db
        .update(mfaChallenges)
        .set({ failedAttempts: sql`${mfaChallenges.failedAttempts} + 1` })
        .where(eq(mfaChallenges.id, id));
    },

    /** Uses the challenge once; false when another request used it first. */
    async consumeMfaChallenge(id: string): Promise<boolean> {
      const used = await db
        .update(mfaChallenges)
        .set({ usedAt: new Date() })
        .where(and(eq(mfaChallenges.id, id), isNull(mfaChallenges.usedAt)))
        .returning({ id: mfaChallenges.id });
      return used.length === 1;
    },
  };
}

export type AuthRepository = ReturnType<typeof createAuthRepository>;
