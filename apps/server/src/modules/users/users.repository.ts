import { eq } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { personColumns } from '../../db/projections.ts';
import { lawyerProfiles, users } from '../../db/schema/index.ts';

const profileColumns = { ...personColumns, lastConnection: users.lastConnection };

export function createUsersRepository(db: Db) {
  return {
    async findProfile(id: string) {
      const [row] = await db.select(profileColumns).from(users).where(eq(users.id, id)).limit(1);
      return row;
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
