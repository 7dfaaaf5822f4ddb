import { usernameOf } from '@l4l/shared/schemas/auth';
import { erasedMail } from '@l4l/shared/schemas/privacy';
import { es } from '@l4l/shared/texts/es';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { users } from '../../db/schema/index.ts';

/** The account row as an erased account keeps it (docs/domain.md, Privacy rights). */
const erasedValues = (userId: string) => ({
  mail: erasedMail(userId),
  name: es.privacy.erasedName,
  surname: '',
  username: usernameOf(es.privacy.erasedName, ''),
  phoneNumber: '',
  photoUrl: null,
});

/** docs/domain.md, Privacy rights: what the users feature exports of a person's account, and erases. */
export const usersPrivacy = {
  /** The profile of a live account: no password hash, second factor or Google id, only whether Google is linked. */
  async exportFor(userId: string, db: Db) {
    const [row] = await db
      .select({
        id: users.id,
        role: users.role,
        mail: users.mail,
        name: users.name,
        surname: users.surname,
        username: users.username,
        phoneNumber: users.phoneNumber,
        photoUrl: users.photoUrl,
        signsInWithGoogle: sql<boolean>`${users.googleSub} is not null`,
        createdAt: users.createdAt,
        lastConnection: users.lastConnection,
      })
      .from(users)
      .where(and(eq(users.id, userId), sql`${users.erasedAt} is null`))
      .limit(1);
    return row;
  },

  /** Locks the account's row, so two erasures (or an erasure and a sign-up of the freed mail) run in turn. */
  async lockForErasure(userId: string, tx: Db) {
    const [row] = await tx
      .select({
        id: users.id,
        role: users.role,
        mail: users.mail,
        name: users.name,
        surname: users.surname,
        photoUrl: users.photoUrl,
        erasedAt: users.erasedAt,
      })
      .from(users)
      .where(eq(users.id, userId))
      .for('update');
    return row;
  },

  /**
   * Pseudonymises the account: marked erased, named 'Usuario eliminado', a mail nobody has, no phone or
   * photo, and no password, Google link or second factor, so no login reaches it again.
   */
  async eraseFor(userId: string, tx: Db) {
    await tx
      .update(users)
      .set({
        ...erasedValues(userId),
        passwordHash: null,
        googleSub: null,
        totpSecret: null,
        totpEnrolledAt: null,
        totpLastStep: null,
        erasedAt: new Date(),
        updatedAt: new Date(),
      })
      .where(eq(users.id, userId));
  },
};
