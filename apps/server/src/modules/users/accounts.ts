import { and, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { users } from '../../db/schema/index.ts';

/** The account fields a lawyer's profile edit changes with the profile. */
export type AccountFields = Pick<
  typeof users.$inferInsert,
  'name' | 'surname' | 'mail' | 'phoneNumber' | 'username'
>;

/** What an administrator's ban or unban answers. */
const statusColumns = {
  id: users.id,
  role: users.role,
  bannedAt: users.bannedAt,
  banReason: users.banReason,
};

/**
 * The writes other modules ask of the users table, its owner's (docs/decisions/0026-table-ownership.md):
 * registration, sign-in, the second factor, mail changes, bans, the photo and the chat's presence. Each
 * runs on the executor it is given, so a caller's transaction stays one transaction.
 */
export function userAccounts(db: Db) {
  return {
    async insert(values: typeof users.$inferInsert) {
      const [user] = await db.insert(users).values(values).returning();
      if (!user) throw new Error('user not inserted');
      return user;
    },

    /** The account fields a lawyer edits with their profile; false for an unknown user. */
    async updateFields(userId: string, fields: AccountFields): Promise<boolean> {
      const updated = await db
        .update(users)
        .set({ ...fields, updatedAt: new Date() })
        .where(eq(users.id, userId))
        .returning({ id: users.id });
      return updated.length > 0;
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

    /** last_connection of these users moved to `at`, never back (batches may land out of order) */
    async touchLastConnections(userIds: string[], at: Date): Promise<void> {
      await db
        .update(users)
        .set({ lastConnection: sql`greatest(${users.lastConnection}, ${at.toISOString()}::timestamptz)` })
        .where(inArray(users.id, userIds));
    },

    /** The confirmed new sign-in mail; the link that confirmed it was opened from it, so it is verified too. */
    async setMail(userId: string, mail: string): Promise<void> {
      const now = new Date();
      await db.update(users).set({ mail, emailVerifiedAt: now, updatedAt: now }).where(eq(users.id, userId));
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

    /** Gives the account a TOTP secret to enrol, unless it got one meanwhile; answers the secret it has. */
    async provideTotpSecret(userId: string, secret: string): Promise<string> {
      await db
        .update(users)
        .set({ totpSecret: secret, totpEnrolledAt: null, totpLastStep: null, updatedAt: new Date() })
        .where(and(eq(users.id, userId), isNull(users.totpSecret)));
      const [row] = await db.select({ totpSecret: users.totpSecret }).from(users).where(eq(users.id, userId));
      return row?.totpSecret ?? secret;
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

    /** Bans (with its date and reason) or unbans the account; answers its new status, none for an unknown id. */
    async setBan(userId: string, ban: { bannedAt: Date; banReason: string | null } | null) {
      const [row] = await db
        .update(users)
        .set({ bannedAt: ban?.bannedAt ?? null, banReason: ban?.banReason ?? null, updatedAt: new Date() })
        .where(eq(users.id, userId))
        .returning(statusColumns);
      return row;
    },

    /**
     * The user's photo becomes `to` (null: none), when it is still `from` (undefined: whatever it is); false
     * when it changed meanwhile, and nothing is written.
     */
    async setPhoto(userId: string, to: string | null, from?: string): Promise<boolean> {
      const swapped = await db
        .update(users)
        .set({ photoUrl: to, updatedAt: new Date() })
        .where(and(eq(users.id, userId), from === undefined ? undefined : eq(users.photoUrl, from)))
        .returning({ id: users.id });
      return swapped.length > 0;
    },
  };
}

export type UserAccounts = ReturnType<typeof userAccounts>;
