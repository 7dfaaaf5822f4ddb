import { and, eq, getTableColumns, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { assignLawyerSlugs } from '../../db/lawyer-slugs.ts';
import {
  emailVerifications,
  lawyerProfiles,
  mailChangeTokens,
  mfaChallenges,
  passwordResetTokens,
  uploads,
  users,
} from '../../db/schema/index.ts';

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

  return {
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

    async insertUser(values: typeof users.$inferInsert) {
      const [user] = await db.insert(users).values(values).returning();
      if (!user) throw new Error('user not inserted');
      return user;
    },

    /** The profile and its public page's slug (docs/domain.md, Public lawyer pages), given once here. */
    async insertLawyerProfile(values: typeof lawyerProfiles.$inferInsert): Promise<void> {
      await db.insert(lawyerProfiles).values(values);
      await assignLawyerSlugs(db, values.userId);
    },

    async insertUpload(values: typeof uploads.$inferInsert): Promise<void> {
      await db.insert(uploads).values(values);
    },

    async setPasswordHash(userId: string, passwordHash: string): Promise<void> {
      await db.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, userId));
    },

    /** Links the account found by its mail; Google vouched for that mail, so it counts as verified. */
    async linkGoogleAccount(userId: string, googleSub: string): Promise<void> {
      await db
        .update(users)
        .set({
          googleSub,
          emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())`,
          updatedAt: new Date(),
        })
        .where(eq(users.id, userId));
    },

    async touchLastConnection(userId: string): Promise<void> {
      await db.update(users).set({ lastConnection: new Date() }).where(eq(users.id, userId));
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

    /** The confirmed new sign-in mail; the link that confirmed it was opened from it, so it is verified too. */
    async setMail(userId: string, mail: string): Promise<void> {
      const now = new Date();
      await db.update(users).set({ mail, emailVerifiedAt: now, updatedAt: now }).where(eq(users.id, userId));
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

    /**
     * Marks the address verified if it is still the user's sign-in mail (a verified one keeps its first
     * date); false when the user now signs in with another.
     */
    async markMailVerified(userId: string, mail: string): Promise<boolean> {
      const verified = await db
        .update(users)
        .set({ emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())` })
        .where(and(eq(users.id, userId), eq(users.mail, mail)))
        .returning({ id: users.id });
      return verified.length === 1;
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

    /** Gives the account a TOTP secret to enrol, unless it got one meanwhile; answers the secret it has. */
    async provideTotpSecret(userId: string, secret: string): Promise<string> {
      await db
        .update(users)
        .set({ totpSecret: secret, totpEnrolledAt: null, totpLastStep: null, updatedAt: new Date() })
        .where(and(eq(users.id, userId), isNull(users.totpSecret)));
      const [row] = await db.select({ totpSecret: users.totpSecret }).from(users).where(eq(users.id, userId));
      return row?.totpSecret ?? secret;
    },

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

    /**
     * Records the accepted time step (and the enrolment, the first time); false when that step or a later
     * one was already accepted, so the same code cannot sign in twice (RFC 6238 §5.2).
     */
    async acceptTotpStep(userId: string, step: number): Promise<boolean> {
      const accepted = await db
        .update(users)
        .set({ totpLastStep: step, totpEnrolledAt: sql`coalesce(${users.totpEnrolledAt}, now())` })
        .where(and(eq(users.id, userId), or(isNull(users.totpLastStep), lt(users.totpLastStep, step))))
        .returning({ id: users.id });
      return accepted.length === 1;
    },
  };
}

export type AuthRepository = ReturnType<typeof createAuthRepository>;
