import { usernameOf } from '@l4l/shared/schemas/auth';
import { and, eq, isNull } from 'drizzle-orm';
import { hashPassword, verifyPassword } from '../../lib/passwords.ts';
import type { Db } from '../database.ts';
import { sessions, users } from '../schema/index.ts';

export type AdminAccount = { email: string; password: string; totpSecret: string | undefined };

/**
 * ADMIN_EMAIL / ADMIN_PASSWORD (README.md, Configuration): this administrator exists after start, with this password and,
 * when ADMIN_TOTP_SECRET is given, this second-factor secret already enrolled. A restart with the same
 * values changes nothing; a new password, secret or role signs the account's sessions out, as a password
 * reset does. Without ADMIN_TOTP_SECRET a second factor enrolled in the app is kept.
 */
export async function ensureAdmin(db: Db, admin: AdminAccount): Promise<'created' | 'updated' | 'unchanged'> {
  const mail = admin.email.toLowerCase();
  const [existing] = await db
    .select({
      id: users.id,
      role: users.role,
      passwordHash: users.passwordHash,
      totpSecret: users.totpSecret,
      totpEnrolledAt: users.totpEnrolledAt,
      bannedAt: users.bannedAt,
    })
    .from(users)
    .where(eq(users.mail, mail))
    .limit(1);
  const totp = admin.totpSecret ? { totpSecret: admin.totpSecret, totpEnrolledAt: new Date() } : {};
  if (!existing) {
    await db.insert(users).values({
      role: 'ADMIN',
      mail,
      passwordHash: await hashPassword(admin.password),
      name: 'Administración',
      surname: 'L4L',
      username: usernameOf('Administración', 'L4L'),
      // the operator chose the address (ADMIN_EMAIL): nothing to confirm
      emailVerifiedAt: new Date(),
      ...totp,
    });
    return 'created';
  }

  const samePassword = await verifyPassword(existing.passwordHash, admin.password);
  const sameTotp =
    !admin.totpSecret || (existing.totpSecret === admin.totpSecret && existing.totpEnrolledAt !== null);
  if (samePassword && sameTotp && existing.role === 'ADMIN' && !existing.bannedAt) return 'unchanged';

  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({
        role: 'ADMIN',
        bannedAt: null,
        banReason: null,
        updatedAt: new Date(),
        ...(samePassword ? {} : { passwordHash: await hashPassword(admin.password) }),
        ...(sameTotp ? {} : totp),
      })
      .where(eq(users.id, existing.id));
    if (!samePassword || !sameTotp || existing.role !== 'ADMIN') {
      await tx
        .update(sessions)
        .set({ revokedAt: new Date() })
        .where(and(eq(sessions.userId, existing.id), isNull(sessions.revokedAt)));
    }
  });
  return 'updated';
}
