import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { personColumns } from '../../db/projections.ts';
import { mailChangeTokens, users } from '../../db/schema/index.ts';
import { type AfterCommit, withTransaction } from '../../lib/transaction.ts';

/** Told, inside the transaction, of a user's name as an edit of their profile leaves it. */
/** Told in the rename's transaction (the users feature publishes it as the `user.renamed` event). */
export type Renamed = (
  tx: Db,
  afterCommit: AfterCommit,
  userId: string,
  name: string,
  surname: string,
) => Promise<void>;

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

    /**
     * Updates the account fields; whoever keeps something that follows the name (a lawyer's search text,
     * ADR 0002) is told in the same transaction.
     */
    updateProfile(
      id: string,
      values: Pick<typeof users.$inferInsert, 'name' | 'surname' | 'mail' | 'phoneNumber' | 'username'>,
      renamed: Renamed,
    ) {
      return withTransaction(db, async (tx, afterCommit) => {
        const [row] = await tx
          .update(users)
          .set({ ...values, updatedAt: new Date() })
          .where(eq(users.id, id))
          .returning(profileColumns);
        await renamed(tx, afterCommit, id, values.name, values.surname ?? '');
        return row;
      });
    },
  };
}
