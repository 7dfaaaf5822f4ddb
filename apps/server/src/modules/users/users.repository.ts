import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { personColumns } from '../../db/projections.ts';
import { lawyerProfiles, mailChangeTokens, users } from '../../db/schema/index.ts';

const profileColumns = { ...personColumns, lastConnection: users.lastConnection };

export function createUsersRepository(db: Db) {
  return {
    async findProfile(id: string) {
      const [row] = await db.select(profileColumns).from(users).where(eq(users.id, id)).limit(1);
      return row;
    },

    /** The new sign-in mail waiting for its confirmation (the latest usable link), if any. */
    async pendingMail(userId: string): Promise<string | null> {
      const [row] = await db
        .select({ newMail: mailChangeTokens.newMail })
        .from(mailChangeTokens)
        .where(
          and(
            eq(mailChangeTokens.userId, userId),
            isNull(mailChangeTokens.usedAt),
            gt(mailChangeTokens.expiresAt, new Date()),
          ),
        )
        .orderBy(desc(mailChangeTokens.createdAt))
        .limit(1);
      return row?.newMail ?? null;
    },

    /** Updates the account fields; a lawyer's search text follows the name (ADR 0002, accent-free search). */
    updateProfile(
      id: string,
      values: Pick<typeof users.$inferInsert, 'name' | 'surname' | 'mail' | 'phoneNumber' | 'username'>,
      searchText: string,
    ) {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(users)
          .set({ ...values, updatedAt: new Date() })
          .where(eq(users.id, id))
          .returning(profileColumns);
        await tx.update(lawyerProfiles).set({ searchText }).where(eq(lawyerProfiles.userId, id));
        return row;
      });
    },
  };
}
