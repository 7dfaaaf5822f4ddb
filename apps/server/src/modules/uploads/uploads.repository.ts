import { and, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { uploads, users } from '../../db/schema/index.ts';
import { userAccounts } from '../users/index.ts';

export type UploadFacts = Pick<typeof uploads.$inferInsert, 'url' | 'mime' | 'bytes' | 'width' | 'height'>;

/**
 * An image stored for the user, written in the caller's transaction: registration's photo asks it
 * (docs/decisions/0026-table-ownership.md).
 */
export async function recordUpload(db: Db, values: typeof uploads.$inferInsert): Promise<void> {
  await db.insert(uploads).values(values);
}

export function createUploadsRepository(db: Db) {
  return {
    /**
     * Makes the upload the user's photo and answers the photo it replaces (null when none), or undefined
     * for an unknown user. The user row is locked, so two photos sent at once replace one another in turn.
     */
    replaceAvatar(userId: string, upload: UploadFacts): Promise<{ previous: string | null } | undefined> {
      return db.transaction(async (tx) => {
        const [user] = await tx
          .select({ photoUrl: users.photoUrl })
          .from(users)
          .where(eq(users.id, userId))
          .for('update');
        if (!user) return undefined;
        await userAccounts(tx).setPhoto(userId, upload.url);
        await tx.insert(uploads).values({ ...upload, ownerId: userId, purpose: 'avatar' });
        if (user.photoUrl) {
          await tx.delete(uploads).where(and(eq(uploads.ownerId, userId), eq(uploads.url, user.photoUrl)));
        }
        return { previous: user.photoUrl };
      });
    },

    /**
     * The user's photo `from` becomes `to` (null: no photo), only if it is still `from`: false when the user
     * changed it meanwhile, and nothing is written.
     */
    async swapAvatar(userId: string, from: string, to: UploadFacts | null): Promise<boolean> {
      return db.transaction(async (tx) => {
        if (!(await userAccounts(tx).setPhoto(userId, to?.url ?? null, from))) return false;
        if (to) await tx.insert(uploads).values({ ...to, ownerId: userId, purpose: 'avatar' });
        await tx.delete(uploads).where(and(eq(uploads.ownerId, userId), eq(uploads.url, from)));
        return true;
      });
    },

    usersWithPhoto(): Promise<Array<{ id: string; photoUrl: string }>> {
      return db
        .select({ id: users.id, photoUrl: users.photoUrl })
        .from(users)
        .where(isNotNull(users.photoUrl)) as Promise<Array<{ id: string; photoUrl: string }>>;
    },

    async insertChatUpload(ownerId: string, upload: UploadFacts): Promise<void> {
      await db.insert(uploads).values({ ...upload, ownerId, purpose: 'chat' });
    },

    async photoInUse(url: string): Promise<boolean> {
      const [row] = await db.select({ id: users.id }).from(users).where(eq(users.photoUrl, url)).limit(1);
      return Boolean(row);
    },
  };
}
