import { eq } from 'drizzle-orm';
import { hashPassword } from '../../lib/passwords.ts';
import type { Db } from '../database.ts';
import { users } from '../schema/index.ts';

export type AdminAccount = { email: string; password: string; totpSecret: string | undefined };

/**
 * ADMIN_EMAIL / ADMIN_PASSWORD (API.md): this administrator exists after start, with this password and,
 * when ADMIN_TOTP_SECRET is given, this second-factor secret already enrolled.
 */
export async function ensureAdmin(db: Db, admin: AdminAccount): Promise<'created' | 'updated'> {
  const mail = admin.email.toLowerCase();
  const passwordHash = await hashPassword(admin.password);
  const totp = admin.totpSecret ? { totpSecret: admin.totpSecret, totpEnrolledAt: new Date() } : {};
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.mail, mail)).limit(1);
  if (existing) {
    await db
      .update(users)
      .set({ role: 'ADMIN', passwordHash, bannedAt: null, updatedAt: new Date(), ...totp })
      .where(eq(users.id, existing.id));
    return 'updated';
  }
  await db.insert(users).values({
    role: 'ADMIN',
    mail,
    passwordHash,
    name: 'Administración',
    surname: 'L4L',
    username: 'AdministraciónL4L',
    ...totp,
  });
  return 'created';
}
