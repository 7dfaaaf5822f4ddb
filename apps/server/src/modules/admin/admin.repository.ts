import { and, count, desc, eq, isNotNull, isNull, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { personColumns } from '../../db/projections.ts';
import { auditLog, lawyerProfiles, users } from '../../db/schema/index.ts';

const lawyerColumns = {
  ...personColumns,
  createdAt: users.createdAt,
  bannedAt: users.bannedAt,
  categories: lawyerProfiles.categories,
  description: lawyerProfiles.description,
  province: lawyerProfiles.province,
  priceHourCents: lawyerProfiles.priceHourCents,
  verifiedAt: lawyerProfiles.verifiedAt,
};

const userStatusColumns = {
  id: users.id,
  role: users.role,
  bannedAt: users.bannedAt,
  banReason: users.banReason,
};

export type AuditEntry = Omit<typeof auditLog.$inferInsert, 'id' | 'createdAt'>;

export function createAdminRepository(db: Db) {
  return {
    async listLawyers(filter: { verified?: boolean | undefined; page: number; pageSize: number }) {
      const where: SQL | undefined =
        filter.verified === undefined
          ? undefined
          : filter.verified
            ? isNotNull(lawyerProfiles.verifiedAt)
            : isNull(lawyerProfiles.verifiedAt);
      const [rows, totals] = await Promise.all([
        db
          .select(lawyerColumns)
          .from(lawyerProfiles)
          .innerJoin(users, eq(users.id, lawyerProfiles.userId))
          .where(where)
          .orderBy(desc(users.createdAt), desc(users.id))
          .limit(filter.pageSize)
          .offset((filter.page - 1) * filter.pageSize),
        db.select({ total: count() }).from(lawyerProfiles).where(where),
      ]);
      return { rows, total: totals[0]?.total ?? 0 };
    },

    async findLawyer(id: string) {
      const [row] = await db
        .select(lawyerColumns)
        .from(lawyerProfiles)
        .innerJoin(users, eq(users.id, lawyerProfiles.userId))
        .where(eq(users.id, id))
        .limit(1);
      return row;
    },

    async verifyLawyer(id: string, adminId: string): Promise<void> {
      await db
        .update(lawyerProfiles)
        .set({ verifiedAt: new Date(), verifiedBy: adminId, rejectedAt: null, rejectionReason: null })
        .where(and(eq(lawyerProfiles.userId, id), isNull(lawyerProfiles.verifiedAt)));
    },

    async findUserStatus(id: string) {
      const [row] = await db.select(userStatusColumns).from(users).where(eq(users.id, id)).limit(1);
      return row;
    },

    async setBan(id: string, ban: { bannedAt: Date; banReason: string | null } | null) {
      const [row] = await db
        .update(users)
        .set({ bannedAt: ban?.bannedAt ?? null, banReason: ban?.banReason ?? null, updatedAt: new Date() })
        .where(eq(users.id, id))
        .returning(userStatusColumns);
      return row;
    },

    async audit(entry: AuditEntry): Promise<void> {
      await db.insert(auditLog).values(entry);
    },
  };
}

export type AdminRepository = ReturnType<typeof createAdminRepository>;
