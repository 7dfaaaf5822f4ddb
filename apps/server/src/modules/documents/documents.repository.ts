import { count, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { documents, users } from '../../db/schema/index.ts';

const columns = {
  id: documents.id,
  caseId: documents.caseId,
  uploaderId: documents.uploaderId,
  uploaderName: sql<string>`coalesce(nullif(trim(${users.name} || ' ' || ${users.surname}), ''), '')`,
  name: documents.name,
  mime: documents.mime,
  size: documents.size,
  keyId: documents.keyId,
  wrappedKey: documents.wrappedKey,
  createdAt: documents.createdAt,
};

export type DocumentRow = Awaited<ReturnType<ReturnType<typeof createDocumentsRepository>['find']>> & {};

export function createDocumentsRepository(db: Db) {
  const select = () => db.select(columns).from(documents).leftJoin(users, eq(users.id, documents.uploaderId));
  return {
    async insert(values: typeof documents.$inferInsert): Promise<void> {
      await db.insert(documents).values(values);
    },
    async find(id: string) {
      const [row] = await select().where(eq(documents.id, id)).limit(1);
      return row;
    },
    async listOfCase(caseId: string, limit: number, offset: number) {
      const [rows, [total]] = await Promise.all([
        select()
          .where(eq(documents.caseId, caseId))
          .orderBy(desc(documents.createdAt), desc(documents.id))
          .limit(limit)
          .offset(offset),
        db.select({ total: count() }).from(documents).where(eq(documents.caseId, caseId)),
      ]);
      return { rows, total: total?.total ?? 0 };
    },
    async remove(id: string): Promise<void> {
      await db.delete(documents).where(eq(documents.id, id));
    },
    /** (rotation) the seals not made with `keyId`, a page at a time */
    sealsNotUnder(keyId: string, limit: number) {
      return db
        .select({ id: documents.id, keyId: documents.keyId, wrappedKey: documents.wrappedKey })
        .from(documents)
        .where(sql`${documents.keyId} <> ${keyId}`)
        .limit(limit);
    },
    async reseal(id: string, from: string, seal: { keyId: string; wrappedKey: string }): Promise<void> {
      await db
        .update(documents)
        .set(seal)
        .where(sql`${documents.id} = ${id} and ${documents.keyId} = ${from}`);
    },
  };
}
