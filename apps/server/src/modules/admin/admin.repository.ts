import { CASE_STATUSES, type CaseStatus } from '@l4l/shared/constants/cases';
import type { AdminAuditQuery, AdminLawyersQuery, AdminUsersQuery } from '@l4l/shared/schemas/admin';
import { and, asc, count, desc, eq, gte, ilike, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/database.ts';
import { personColumns } from '../../db/projections.ts';
import {
  auditLog,
  cases,
  consultations,
  lawyerProfiles,
  payments,
  ratings,
  users,
} from '../../db/schema/index.ts';
import { rejectLawyer, verifyLawyer } from '../lawyers/index.ts';
import { userAccounts } from '../users/index.ts';

const lawyerColumns = {
  ...personColumns,
  createdAt: users.createdAt,
  bannedAt: users.bannedAt,
  categories: lawyerProfiles.categories,
  description: lawyerProfiles.description,
  province: lawyerProfiles.province,
  lawyerAssociation: lawyerProfiles.lawyerAssociation,
  membershipNumber: lawyerProfiles.membershipNumber,
  barCheckedAt: lawyerProfiles.barCheckedAt,
  priceHourCents: lawyerProfiles.priceHourCents,
  verifiedAt: lawyerProfiles.verifiedAt,
  rejectedAt: lawyerProfiles.rejectedAt,
  rejectionReason: lawyerProfiles.rejectionReason,
};

const userStatusColumns = {
  id: users.id,
  role: users.role,
  bannedAt: users.bannedAt,
  banReason: users.banReason,
};

const userColumns = {
  ...personColumns,
  role: users.role,
  createdAt: users.createdAt,
  lastConnection: users.lastConnection,
  bannedAt: users.bannedAt,
  banReason: users.banReason,
  verifiedAt: lawyerProfiles.verifiedAt,
  rejectedAt: lawyerProfiles.rejectedAt,
  hasProfile: sql<boolean>`${lawyerProfiles.userId} is not null`,
};

export type AuditInsert = Omit<typeof auditLog.$inferInsert, 'id' | 'createdAt'>;

const DAY_MS = 24 * 60 * 60 * 1000;

/** `%` and `_` typed by a person are literal characters, not wildcards. */
const likeText = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const direction = (order: 'asc' | 'desc') => (order === 'asc' ? asc : desc);

export function createAdminRepository(db: Db) {
  return {
    async listLawyers(filter: AdminLawyersQuery) {
      // awaiting a decision: neither verified nor rejected (a rejected lawyer leaves the queue)
      const where: SQL | undefined =
        filter.verified === undefined
          ? undefined
          : filter.verified
            ? isNotNull(lawyerProfiles.verifiedAt)
            : and(isNull(lawyerProfiles.verifiedAt), isNull(lawyerProfiles.rejectedAt));
      const order = direction(filter.order ?? (filter.sort === 'name' ? 'asc' : 'desc'));
      const orderBy =
        filter.sort === 'name'
          ? [order(users.name), order(users.surname), order(users.id)]
          : [order(users.createdAt), order(users.id)];
      const [rows, totals] = await Promise.all([
        db
          .select(lawyerColumns)
          .from(lawyerProfiles)
          .innerJoin(users, eq(users.id, lawyerProfiles.userId))
          .where(where)
          .orderBy(...orderBy)
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

    verifyLawyer: (id: string, adminId: string) => verifyLawyer(db, id, adminId),

    rejectLawyer: (id: string, reason: string) => rejectLawyer(db, id, reason),

    async listUsers(filter: AdminUsersQuery) {
      const conditions: SQL[] = [];
      if (filter.search) {
        const words = filter.search.split(/\s+/).filter(Boolean);
        for (const word of words) {
          const like = likeText(word);
          const match = or(ilike(users.name, like), ilike(users.surname, like), ilike(users.mail, like));
          if (match) conditions.push(match);
        }
      }
      if (filter.role) conditions.push(eq(users.role, filter.role));
      if (filter.state === 'banned') conditions.push(isNotNull(users.bannedAt));
      if (filter.state === 'active') conditions.push(isNull(users.bannedAt));
      const where = conditions.length > 0 ? and(...conditions) : undefined;
      const byName = filter.sort === 'name' || filter.sort === 'mail';
      const order = direction(filter.order ?? (byName ? 'asc' : 'desc'));
      const sortColumns = {
        createdAt: [users.createdAt],
        name: [users.name, users.surname],
        mail: [users.mail],
        lastConnection: [users.lastConnection],
      }[filter.sort];
      const orderBy = [
        ...sortColumns.map((column) =>
          // people who never connected go last in either direction
          filter.sort === 'lastConnection'
            ? sql`${column} ${sql.raw(filter.order === 'asc' ? 'asc' : 'desc')} nulls last`
            : order(column),
        ),
        order(users.id),
      ];
      const [rows, totals] = await Promise.all([
        db
          .select(userColumns)
          .from(users)
          .leftJoin(lawyerProfiles, eq(lawyerProfiles.userId, users.id))
          .where(where)
          .orderBy(...orderBy)
          .limit(filter.pageSize)
          .offset((filter.page - 1) * filter.pageSize),
        db.select({ total: count() }).from(users).where(where),
      ]);
      return { rows, total: totals[0]?.total ?? 0 };
    },

    async findUserStatus(id: string) {
      const [row] = await db.select(userStatusColumns).from(users).where(eq(users.id, id)).limit(1);
      return row;
    },

    setBan: (id: string, ban: { bannedAt: Date; banReason: string | null } | null) =>
      userAccounts(db).setBan(id, ban),

    async audit(entry: AuditInsert): Promise<void> {
      await db.insert(auditLog).values(entry);
    },

    async listAudit(filter: AdminAuditQuery) {
      const admins = alias(users, 'admins');
      const targets = alias(users, 'targets');
      const order = direction(filter.order ?? 'desc');
      const [rows, totals] = await Promise.all([
        db
          .select({
            id: auditLog.id,
            createdAt: auditLog.createdAt,
            adminId: auditLog.adminId,
            adminName: sql<string | null>`nullif(trim(${admins.name} || ' ' || ${admins.surname}), '')`,
            action: auditLog.action,
            targetType: auditLog.targetType,
            targetId: auditLog.targetId,
            targetLabel: sql<string | null>`coalesce(
              nullif(trim(${targets.name} || ' ' || ${targets.surname}), ''),
              ${cases.title},
              nullif(${ratings.title}, '')
            )`,
            reason: auditLog.reason,
          })
          .from(auditLog)
          .leftJoin(admins, eq(admins.id, auditLog.adminId))
          .leftJoin(
            targets,
            and(eq(auditLog.targetType, 'user'), eq(sql`${targets.id}::text`, auditLog.targetId)),
          )
          .leftJoin(
            cases,
            and(eq(auditLog.targetType, 'case'), eq(sql`${cases.id}::text`, auditLog.targetId)),
          )
          .leftJoin(
            ratings,
            and(eq(auditLog.targetType, 'rating'), eq(sql`${ratings.id}::text`, auditLog.targetId)),
          )
          .orderBy(order(auditLog.createdAt), order(auditLog.id))
          .limit(filter.pageSize)
          .offset((filter.page - 1) * filter.pageSize),
        db.select({ total: count() }).from(auditLog),
      ]);
      return { rows, total: totals[0]?.total ?? 0 };
    },

    /** The overview's figures; the windows end now and span `days` days. */
    async stats(days: number) {
      const since = new Date(Date.now() - days * DAY_MS);
      const [userRows, lawyerRows, caseRows, paymentRows, validationRows, consultationRows] =
        await Promise.all([
          db
            .select({
              total: count(),
              clients: sql<number>`count(*) filter (where ${users.role} = 'USUARIO')`.mapWith(Number),
              lawyers: sql<number>`count(*) filter (where ${users.role} = 'ABOGADO')`.mapWith(Number),
              admins: sql<number>`count(*) filter (where ${users.role} = 'ADMIN')`.mapWith(Number),
              banned: sql<number>`count(*) filter (where ${users.bannedAt} is not null)`.mapWith(Number),
            })
            .from(users),
          db
            .select({
              pending:
                sql<number>`count(*) filter (where ${lawyerProfiles.verifiedAt} is null and ${lawyerProfiles.rejectedAt} is null)`.mapWith(
                  Number,
                ),
              verified: sql<number>`count(*) filter (where ${lawyerProfiles.verifiedAt} is not null)`.mapWith(
                Number,
              ),
              rejected:
                sql<number>`count(*) filter (where ${lawyerProfiles.verifiedAt} is null and ${lawyerProfiles.rejectedAt} is not null)`.mapWith(
                  Number,
                ),
            })
            .from(lawyerProfiles),
          db.select({ status: cases.status, total: count() }).from(cases).groupBy(cases.status),
          db
            .select({
              count: count(),
              amountCents: sql<number>`coalesce(sum(${payments.amountCents}), 0)`.mapWith(Number),
              feeCents: sql<number>`coalesce(sum(${payments.feeCents}), 0)`.mapWith(Number),
            })
            .from(payments)
            .where(and(eq(payments.status, 'COMPLETADO'), gte(payments.completedAt, since))),
          db
            .select({
              validated: count(),
              medianSeconds: sql<
                number | null
              >`percentile_cont(0.5) within group (order by extract(epoch from ${cases.validatedAt} - ${cases.creationDate}))`.mapWith(
                (value) => (value === null ? null : Number(value)),
              ),
            })
            .from(cases)
            .where(gte(cases.validatedAt, since)),
          consultationFigures(db, since),
        ]);
      const byStatus = Object.fromEntries(CASE_STATUSES.map((status) => [status, 0])) as Record<
        CaseStatus,
        number
      >;
      for (const row of caseRows) byStatus[row.status] = row.total;
      return {
        users: userRows[0],
        lawyers: lawyerRows[0],
        byStatus,
        payments: paymentRows[0],
        validation: validationRows[0],
        consultations: consultationRows[0],
      };
    },
  };
}

export type AdminRepository = ReturnType<typeof createAdminRepository>;

/**
 * The overview's first consultations: those to come, and those booked (of which paid: their checkout
 * completed), held and cancelled since `since`.
 */
function consultationFigures(db: Db, since: Date) {
  const reserved = sql`${consultations.status} = 'RESERVADA'`;
  const booked = sql`${consultations.createdAt} >= ${since}`;
  const figure = (condition: SQL) => sql<number>`count(*) filter (where ${condition})`.mapWith(Number);
  return db
    .select({
      upcoming: figure(sql`${reserved} and ${consultations.startAt} > now()`),
      booked: figure(booked),
      paid: figure(
        sql`${booked} and exists (select 1 from ${payments} where ${payments.consultationId} = ${consultations.id} and ${payments.status} = 'COMPLETADO')`,
      ),
      held: figure(
        sql`${reserved} and ${consultations.endAt} <= now() and ${consultations.endAt} >= ${since}`,
      ),
      cancelled: figure(sql`${consultations.cancelledAt} >= ${since}`),
    })
    .from(consultations);
}
