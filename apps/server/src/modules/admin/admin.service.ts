import { ROLE } from '@l4l/shared/constants/roles';
import type { PageEnvelope } from '@l4l/shared/envelope';
import type { AdminLawyer, AdminLawyersQuery, AdminUserStatus } from '@l4l/shared/schemas/admin';
import { centsToEuros } from '@l4l/shared/schemas/common';
import { es } from '@l4l/shared/texts/es';
import type { Db } from '../../db/database.ts';
import { forbidden, notFound } from '../../lib/app-error.ts';
import { transactional } from '../../lib/transaction.ts';
import type { AuthUser, Sessions } from '../../plugins/auth.ts';
import { type AdminRepository, createAdminRepository } from './admin.repository.ts';

type LawyerRow = NonNullable<Awaited<ReturnType<AdminRepository['findLawyer']>>>;
type UserStatusRow = NonNullable<Awaited<ReturnType<AdminRepository['findUserStatus']>>>;

function toAdminLawyer(row: LawyerRow): AdminLawyer {
  const { priceHourCents, createdAt, verifiedAt, bannedAt, ...rest } = row;
  return {
    ...rest,
    price: centsToEuros(priceHourCents),
    createdAt: createdAt.toISOString(),
    verified: verifiedAt !== null,
    verifiedAt: verifiedAt?.toISOString() ?? null,
    bannedAt: bannedAt?.toISOString() ?? null,
  };
}

function toUserStatus(row: UserStatusRow): AdminUserStatus {
  return {
    ...row,
    banned: row.bannedAt !== null,
    bannedAt: row.bannedAt?.toISOString() ?? null,
  };
}

/**
 * API.md "Admin (+)": lawyer verification and bans. Callers are administrators (the routes' guard); every
 * action is written to the audit log in the same transaction as the change.
 */
export function createAdminService({ db, sessions }: { db: Db; sessions: Sessions }) {
  const repository = createAdminRepository(db);
  const transaction = transactional(db, createAdminRepository);

  async function lawyerOrNotFound(tx: AdminRepository, id: string): Promise<LawyerRow> {
    const lawyer = await tx.findLawyer(id);
    if (!lawyer) throw notFound();
    return lawyer;
  }

  return {
    async lawyers(query: AdminLawyersQuery): Promise<PageEnvelope<AdminLawyer>> {
      const { rows, total } = await repository.listLawyers(query);
      return { data: rows.map(toAdminLawyer), meta: { total, page: query.page, pageSize: query.pageSize } };
    },

    /** The lawyer may log in from now on; verifying twice changes nothing. */
    verifyLawyer(admin: AuthUser, id: string): Promise<AdminLawyer> {
      return transaction(async (tx) => {
        await lawyerOrNotFound(tx, id);
        await tx.verifyLawyer(id, admin.id);
        await tx.audit({ adminId: admin.id, action: 'lawyer.verify', targetType: 'user', targetId: id });
        return toAdminLawyer(await lawyerOrNotFound(tx, id));
      });
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
  };
}
