import { and, asc, count, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { personColumns } from '../../db/projections.ts';
import { academicExperiences, lawyerProfiles, users, workExperiences } from '../../db/schema/index.ts';
import { type AccountFields, userAccounts } from '../users/index.ts';

/** What the lawyer's own profile sheet shows and edits (docs/api/http.md, Lawyers). */
const sheetColumns = {
  ...personColumns,
  description: lawyerProfiles.description,
  categories: lawyerProfiles.categories,
  province: lawyerProfiles.province,
  lawyerAssociation: lawyerProfiles.lawyerAssociation,
  membershipNumber: lawyerProfiles.membershipNumber,
  responseMinutes: lawyerProfiles.responseMinutes,
  priceHourCents: lawyerProfiles.priceHourCents,
  priceFirstVisitCents: lawyerProfiles.priceFirstVisitCents,
  firstVisitFree: lawyerProfiles.firstVisitFree,
  professionalTitle: lawyerProfiles.professionalTitle,
};

export type EntryTable = typeof academicExperiences | typeof workExperiences;
/**
 * Both entry tables share `id` and `lawyer_id`; the queries below are written once against one of them
 * (Drizzle cannot type a query over a union of tables) and typed back for the caller's table.
 */
type AnyEntryTable = typeof academicExperiences;

/** The lawyer's own profile: the sheet, its edits, prices and experience entries. */
export function createProfileRepository(db: Db) {
  return {
    async findSheet(id: string) {
      const [row] = await db
        .select(sheetColumns)
        .from(lawyerProfiles)
        .innerJoin(users, eq(users.id, lawyerProfiles.userId))
        .where(eq(lawyerProfiles.userId, id))
        .limit(1);
      return row;
    },

    /** The account fields and the profile in one transaction; the search text follows the name. */
    async updateProfile(
      id: string,
      account: AccountFields,
      profile: Pick<
        typeof lawyerProfiles.$inferInsert,
        | 'description'
        | 'categories'
        | 'province'
        | 'lawyerAssociation'
        | 'membershipNumber'
        | 'barCheckedAt'
        | 'searchText'
      >,
    ): Promise<boolean> {
      return db.transaction(async (tx) => {
        const updated = await tx
          .update(lawyerProfiles)
          .set({ ...profile, updatedAt: new Date() })
          .where(eq(lawyerProfiles.userId, id))
          .returning({ id: lawyerProfiles.userId });
        if (updated.length === 0) return false;
        await userAccounts(tx).updateFields(id, account);
        return true;
      });
    },

    async updatePrices(
      id: string,
      prices: Pick<
        typeof lawyerProfiles.$inferInsert,
        'priceHourCents' | 'priceFirstVisitCents' | 'firstVisitFree'
      >,
    ): Promise<boolean> {
      const updated = await db
        .update(lawyerProfiles)
        .set({ ...prices, updatedAt: new Date() })
        .where(eq(lawyerProfiles.userId, id))
        .returning({ id: lawyerProfiles.userId });
      return updated.length > 0;
    },

    academicEntries(lawyerId: string) {
      return db
        .select({
          id: academicExperiences.id,
          center: academicExperiences.center,
          title: academicExperiences.title,
          startDate: academicExperiences.startDate,
          endDate: academicExperiences.endDate,
        })
        .from(academicExperiences)
        .where(eq(academicExperiences.lawyerId, lawyerId))
        .orderBy(desc(academicExperiences.startDate), asc(academicExperiences.id));
    },

    workEntries(lawyerId: string) {
      return db
        .select({
          id: workExperiences.id,
          company: workExperiences.company,
          position: workExperiences.position,
          startDate: workExperiences.startDate,
          endDate: workExperiences.endDate,
        })
        .from(workExperiences)
        .where(eq(workExperiences.lawyerId, lawyerId))
        .orderBy(desc(workExperiences.startDate), asc(workExperiences.id));
    },

    async countEntries(table: EntryTable, lawyerId: string): Promise<number> {
      const [row] = await db.select({ total: count() }).from(table).where(eq(table.lawyerId, lawyerId));
      return row?.total ?? 0;
    },

    async insertEntry<T extends EntryTable>(table: T, values: T['$inferInsert']) {
      const [row] = await db
        .insert(table as AnyEntryTable)
        .values(values as AnyEntryTable['$inferInsert'])
        .returning();
      if (!row) throw new Error('entry not inserted');
      return row as T['$inferSelect'];
    },

    /** Updates the entry only when it is the lawyer's own; undefined otherwise. */
    async updateEntry<T extends EntryTable>(
      table: T,
      lawyerId: string,
      entryId: string,
      values: Partial<T['$inferInsert']>,
    ) {
      const [row] = await db
        .update(table as AnyEntryTable)
        .set(values as Partial<AnyEntryTable['$inferInsert']>)
        .where(and(eq(table.id, entryId), eq(table.lawyerId, lawyerId)))
        .returning();
      return row as T['$inferSelect'] | undefined;
    },

    async deleteEntry(table: EntryTable, lawyerId: string, entryId: string): Promise<boolean> {
      const deleted = await db
        .delete(table)
        .where(and(eq(table.id, entryId), eq(table.lawyerId, lawyerId)))
        .returning({ id: table.id });
      return deleted.length > 0;
    },
  };
}
