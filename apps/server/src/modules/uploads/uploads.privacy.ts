import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { uploads } from '../../db/schema/index.ts';

/**
 * docs/domain.md, Privacy rights: the pictures a person uploaded (avatars and chat pictures), exported; the
 * erasure deletes the avatars (chat pictures stay with their messages).
 */
export const uploadsPrivacy = {
  exportFor(userId: string, db: Db) {
    return db
      .select({
        id: uploads.id,
        url: uploads.url,
        mime: uploads.mime,
        purpose: uploads.purpose,
        createdAt: uploads.createdAt,
      })
      .from(uploads)
      .where(eq(uploads.ownerId, userId))
      .orderBy(asc(uploads.createdAt));
  },

  /** Deletes the person's avatar rows; answers their addresses, whose files go once committed. */
  async eraseFor(userId: string, tx: Db): Promise<string[]> {
    const avatars = await tx
      .delete(uploads)
      .where(and(eq(uploads.ownerId, userId), eq(uploads.purpose, 'avatar')))
      .returning({ url: uploads.url });
    return avatars.map((row) => row.url);
  },
};
