import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { documents } from '../../db/schema/index.ts';

/**
 * docs/domain.md, Privacy rights: the case documents a person uploaded. The export lists their facts with
 * the seal their bytes are opened with; the erasure deletes their rows (the stored objects go after the
 * commit, `documentKey`).
 */
export const documentsPrivacy = {
  exportFor(userId: string, db: Db) {
    return db
      .select({
        id: documents.id,
        caseId: documents.caseId,
        name: documents.name,
        mime: documents.mime,
        size: documents.size,
        createdAt: documents.createdAt,
        keyId: documents.keyId,
        wrappedKey: documents.wrappedKey,
      })
      .from(documents)
      .where(eq(documents.uploaderId, userId))
      .orderBy(asc(documents.createdAt));
  },

  /** Deletes the documents the person uploaded; answers their ids. */
  async eraseFor(userId: string, tx: Db): Promise<string[]> {
    const removed = await tx
      .delete(documents)
      .where(eq(documents.uploaderId, userId))
      .returning({ id: documents.id });
    return removed.map((row) => row.id);
  },
};
