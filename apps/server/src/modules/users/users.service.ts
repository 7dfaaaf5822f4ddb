import type { UserProfile, UserProfileUpdate } from '@l4l/shared/schemas/auth';
import { usernameOf } from '@l4l/shared/schemas/auth';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { createUsersRepository, type Renamed } from './users.repository.ts';

type ProfileRow = NonNullable<Awaited<ReturnType<ReturnType<typeof createUsersRepository>['findProfile']>>>;

function toProfile(row: ProfileRow, pendingMail: string | null): UserProfile {
  return { ...row, lastConnection: row.lastConnection?.toISOString() ?? null, pendingMail };
}

/** docs/api/http.md, Users: /api/user/profile/{id}; who may call is checked by the routes' guards (self, or admin to read). */
export function createUsersService(db: Db, accounts: FastifyInstance['accounts'], renamed: Renamed) {
  const repository = createUsersRepository(db);
  return {
    async profile(userId: string): Promise<UserProfile> {
      const row = await repository.findProfile(userId);
      if (!row) throw notFound();
      return toProfile(row, await repository.pendingMail(userId));
    },

    /**
     * docs/domain.md, Validation rules: the username follows the name (name + surname, spaces removed). A new mail waits for its
     * confirmation (the accounts feature asks for the current password and mails the link); the other
     * fields change at once.
     */
    async updateProfile(userId: string, input: UserProfileUpdate, source: string): Promise<UserProfile> {
      const { currentPassword, ...fields } = input;
      const { mail, pendingMail } = await accounts.requestMailChange(
        userId,
        { mail: fields.mail, currentPassword },
        source,
      );
      try {
        const row = await repository.updateProfile(
          userId,
          { ...fields, mail, username: usernameOf(fields.name, fields.surname) },
          renamed,
        );
        if (!row) throw notFound();
        return toProfile(row, pendingMail ?? (await repository.pendingMail(userId)));
      } catch (err) {
        if (isUniqueViolation(err)) throw new AppError('USER_EXISTS');
        throw err;
      }
    },
  };
}
