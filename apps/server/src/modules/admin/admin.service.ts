import { barAssociation as findBarAssociation } from '@l4l/shared/constants/bar-associations';
import { ROLE } from '@l4l/shared/constants/roles';
import type { PageEnvelope } from '@l4l/shared/envelope';
import type {
  AdminAuditQuery,
  AdminLawyer,
  AdminLawyersQuery,
  AdminStats,
  AdminUser,
  AdminUserStatus,
  AdminUsersQuery,
  AuditEntry,
} from '@l4l/shared/schemas/admin';
import { centsToEuros } from '@l4l/shared/schemas/common';
import { es } from '@l4l/shared/texts/es';
import type { Db } from '../../db/database.ts';
import { AppError, forbidden, notFound } from '../../lib/app-error.ts';
import { transactional } from '../../lib/transaction.ts';
import type { AuthUser, Sessions } from '../../plugins/auth.ts';
import { composeMail, type MailOutbox } from '../../plugins/mailer.ts';
import { type AdminRepository, createAdminRepository } from './admin.repository.ts';
import { lawyerDecisionMailContents } from './lawyer-decision-mails.ts';

type LawyerRow = NonNullable<Awaited<ReturnType<AdminRepository['findLawyer']>>>;
type UserStatusRow = NonNullable<Awaited<ReturnType<AdminRepository['findUserStatus']>>>;
type UserRow = Awaited<ReturnType<AdminRepository['listUsers']>>['rows'][number];
type AuditRow = Awaited<ReturnType<AdminRepository['listAudit']>>['rows'][number];

/** The overview's window for payments and validation times. */
export const STATS_DAYS = 30;

const iso = (date: Date | null) => date?.toISOString() ?? null;

/** docs/domain.md, Colegiación: what the lawyer gave, or null for nothing (or older text not on the list). */
function colegiacionOf(row: { lawyerAssociation: string; membershipNumber: string }) {
  return {
    barNumber: row.membershipNumber || null,
    barAssociation: findBarAssociation(row.lawyerAssociation)?.id ?? null,
  };
}

function toAdminLawyer(row: LawyerRow): AdminLawyer {
  const {
    priceHourCents,
    createdAt,
    verifiedAt,
    rejectedAt,
    bannedAt,
    lawyerAssociation,
    membershipNumber,
    barCheckedAt,
    ...rest
  } = row;
  return {
    ...rest,
    ...colegiacionOf({ lawyerAssociation, membershipNumber }),
    barCheckedAt: iso(barCheckedAt),
    price: centsToEuros(priceHourCents),
    createdAt: createdAt.toISOString(),
    verified: verifiedAt !== null,
    verifiedAt: iso(verifiedAt),
    rejectedAt: iso(rejectedAt),
    bannedAt: iso(bannedAt),
  };
}

function toUserStatus(row: UserStatusRow): AdminUserStatus {
  return { ...row, banned: row.bannedAt !== null, bannedAt: iso(row.bannedAt) };
}

function toAdminUser(row: UserRow): AdminUser {
  const { verifiedAt, rejectedAt, hasProfile, createdAt, lastConnection, bannedAt, ...rest } = row;
  return {
    ...rest,
    createdAt: createdAt.toISOString(),
    lastConnection: iso(lastConnection),
    banned: bannedAt !== null,
    bannedAt: iso(bannedAt),
    lawyerStatus:
      row.role !== ROLE.ABOGADO || !hasProfile
        ? null
        : verifiedAt
          ? 'verified'
          : rejectedAt
            ? 'rejected'
            : 'pending',
  };
}

function toAuditEntry(row: AuditRow): AuditEntry {
  return { ...row, createdAt: row.createdAt.toISOString() };
}

type Deps = { db: Db; sessions: Sessions; outbox: MailOutbox; publicUrl: string };

/**
 * docs/api/http.md, Administration: lawyer verification, users and bans, the overview and the audit log. Callers are
 * administrators (the routes' guard); every action is written to the audit log in the same transaction
 * as the change, and the log has no way to be edited.
 */
export function createAdminService({ db, sessions, outbox, publicUrl }: Deps) {
  const repository = createAdminRepository(db);
  const transaction = transactional(db, createAdminRepository);

  async function lawyerOrNotFound(tx: AdminRepository, id: string): Promise<LawyerRow> {
    const lawyer = await tx.findLawyer(id);
    if (!lawyer) throw notFound();
    return lawyer;
  }

  /**
   * The lawyer hears of the decision by mail, through the outbox (docs/notifications.md, Account mails):
   * the mail is written in the decision's transaction and sent after it, retried while the mail server
   * is down. It says what was decided then: a rejection names its reason as the administrator gave it.
   */
  outbox.define('lawyer-verified', async ({ userId }) => {
    const lawyer = await repository.findLawyer(userId);
    if (!lawyer) return null;
    const content = lawyerDecisionMailContents['lawyer-verified'](lawyer.name, `${publicUrl}/login`);
    return { to: lawyer.mail, ...(await composeMail(content)) };
  });
  outbox.define('lawyer-rejected', async ({ userId, params }) => {
    const lawyer = await repository.findLawyer(userId);
    if (!lawyer) return null;
    const content = lawyerDecisionMailContents['lawyer-rejected'](lawyer.name, params?.reason ?? '');
    return { to: lawyer.mail, ...(await composeMail(content)) };
  });

  return {
    async lawyers(query: AdminLawyersQuery): Promise<PageEnvelope<AdminLawyer>> {
      const { rows, total } = await repository.listLawyers(query);
      return { data: rows.map(toAdminLawyer), meta: { total, page: query.page, pageSize: query.pageSize } };
    },

    /**
     * The lawyer may log in from now on (and gets a mail saying so); verifying twice changes nothing. The
     * administrator verifies after looking the colegiado up in the Abogacía's census, so the audit entry
     * keeps the number and colegio that were checked (docs/domain.md, Colegiación).
     */
    async verifyLawyer(admin: AuthUser, id: string): Promise<AdminLawyer> {
      const lawyer = await transaction(async (tx, txDb, afterCommit) => {
        const before = await lawyerOrNotFound(tx, id);
        if (before.verifiedAt) return before;
        await tx.verifyLawyer(id, admin.id);
        await tx.audit({
          adminId: admin.id,
          action: 'lawyer.verify',
          targetType: 'user',
          targetId: id,
          details: { checked: colegiacionOf(before) },
        });
        await outbox.queue(txDb, afterCommit, { kind: 'lawyer-verified', userId: id });
        return lawyerOrNotFound(tx, id);
      });
      return toAdminLawyer(lawyer);
    },

    /**
     * docs/decisions/0007: a rejection keeps the account (unverified, so the login still answers 420),
     * records the reason, takes the lawyer out of the queue and tells them by mail. A verified lawyer
     * cannot be rejected (409): a ban is the tool for that.
     */
    async rejectLawyer(admin: AuthUser, id: string, reason: string): Promise<AdminLawyer> {
      const lawyer = await transaction(async (tx, txDb, afterCommit) => {
        const before = await lawyerOrNotFound(tx, id);
        if (before.verifiedAt) throw new AppError('CONFLICT', { message: es.admin.lawyerAlreadyVerified });
        await tx.rejectLawyer(id, reason);
        await tx.audit({
          adminId: admin.id,
          action: 'lawyer.reject',
          targetType: 'user',
          targetId: id,
          reason,
        });
        await outbox.queue(txDb, afterCommit, { kind: 'lawyer-rejected', userId: id, params: { reason } });
        return lawyerOrNotFound(tx, id);
      });
      return toAdminLawyer(lawyer);
    },

    async users(query: AdminUsersQuery): Promise<PageEnvelope<AdminUser>> {
      const { rows, total } = await repository.listUsers(query);
      return { data: rows.map(toAdminUser), meta: { total, page: query.page, pageSize: query.pageSize } };
    },

    /** A ban ends every session of the user at once; administrators cannot be banned (no lock-out). */
    ban(admin: AuthUser, id: string, reason: string | undefined): Promise<AdminUserStatus> {
      return transaction(async (tx, txDb) => {
        const user = await tx.findUserStatus(id);
        if (!user) throw notFound();
        if (user.role === ROLE.ADMIN) throw forbidden(es.admin.cannotBanAdmin);
        const banned = await tx.setBan(id, {
          bannedAt: user.bannedAt ?? new Date(),
          banReason: reason || user.banReason,
        });
        await sessions.revokeAll(id, { db: txDb });
        await tx.audit({
          adminId: admin.id,
          action: 'user.ban',
          targetType: 'user',
          targetId: id,
          reason: reason || null,
        });
        return toUserStatus(banned ?? user);
      });
    },

    unban(admin: AuthUser, id: string): Promise<AdminUserStatus> {
      return transaction(async (tx) => {
        const user = await tx.findUserStatus(id);
        if (!user) throw notFound();
        const unbanned = await tx.setBan(id, null);
        await tx.audit({ adminId: admin.id, action: 'user.unban', targetType: 'user', targetId: id });
        return toUserStatus(unbanned ?? user);
      });
    },

    async stats(): Promise<AdminStats> {
      const figures = await repository.stats(STATS_DAYS);
      const users = figures.users ?? { total: 0, clients: 0, lawyers: 0, admins: 0, banned: 0 };
      const lawyers = figures.lawyers ?? { pending: 0, verified: 0, rejected: 0 };
      const paid = figures.payments ?? { count: 0, amountCents: 0, feeCents: 0 };
      const validation = figures.validation ?? { validated: 0, medianSeconds: null };
      const medianHours =
        validation.medianSeconds === null ? null : Math.round((validation.medianSeconds / 3600) * 10) / 10;
      return {
        users,
        lawyers,
        cases: {
          total: Object.values(figures.byStatus).reduce((sum, n) => sum + n, 0),
          byStatus: figures.byStatus,
        },
        payments: {
          days: STATS_DAYS,
          count: paid.count,
          amount: centsToEuros(paid.amountCents),
          fees: centsToEuros(paid.feeCents),
        },
        validation: { days: STATS_DAYS, validated: validation.validated, medianHours },
        consultations: {
          days: STATS_DAYS,
          ...(figures.consultations ?? { upcoming: 0, booked: 0, paid: 0, held: 0, cancelled: 0 }),
        },
      };
    },

    async audit(query: AdminAuditQuery): Promise<PageEnvelope<AuditEntry>> {
      const { rows, total } = await repository.listAudit(query);
      return { data: rows.map(toAuditEntry), meta: { total, page: query.page, pageSize: query.pageSize } };
    },
  };
}
