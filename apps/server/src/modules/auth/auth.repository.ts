import { and, eq, getTableColumns, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { lawyerProfiles, passwordResetTokens, uploads, users } from '../../db/schema/index.ts';

/** An account as sign-in needs it: the user row and, for a lawyer, when an administrator verified them. */
export type Account = typeof users.$inferSelect & { lawyerVerifiedAt: Date | null };

export function createAuthRepository(db: Db) {
  const accounts = () =>
    db
      .select({ ...getTableColumns(users), lawyerVerifiedAt: lawyerProfiles.verifiedAt })
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

    async insertLawyerProfile(values: typeof lawyerProfiles.$inferInsert): Promise<void> {
      await db.insert(lawyerProfiles).values(values);
    },

    async insertUpload(values: typeof uploads.$inferInsert): Promise<void> {
      await db.insert(uploads).values(values);
    },

    async setPasswordHash(userId: string, passwordHash: string): Promise<void> {
      await db.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, userId));
    },

    async linkGoogleAccount(userId: string, googleSub: string): Promise<void> {
      await db.update(users).set({ googleSub, updatedAt: new Date() }).where(eq(users.id, userId));
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
  };
}

export type AuthRepository = ReturnType<typeof createAuthRepository>;
