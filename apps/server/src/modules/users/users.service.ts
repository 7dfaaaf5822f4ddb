import type { UserProfile, UserProfileUpdate } from '@l4l/shared/schemas/auth';
import { usernameOf } from '@l4l/shared/schemas/auth';
import { searchableText } from '@l4l/shared/search';
import type { Db } from '../../db/database.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { createUsersRepository } from './users.repository.ts';

type ProfileRow = NonNullable<Awaited<ReturnType<ReturnType<typeof createUsersRepository>['findProfile']>>>;

function toProfile(row: ProfileRow): UserProfile {
  return { ...row, lastConnection: row.lastConnection?.toISOString() ?? null };
}

/** docs/api/http.md, Users: /api/user/profile/{id}; who may call is checked by the routes' guards (self, or admin to read). */
export function createUsersService(db: Db) {
  const repository = createUsersRepository(db);
  return {
    async profile(userId: string): Promise<UserProfile> {
      const row = await repository.findProfile(userId);
      if (!row) throw notFound();
      return toProfile(row);
    },

    /** docs/domain.md, Validation rules: the username follows the name (name + surname, spaces removed); a taken mail is 409. */
    async updateProfile(userId: string, input: UserProfileUpdate): Promise<UserProfile> {
      try {
        const row = await repository.updateProfile(
          userId,
          { ...input, username: usernameOf(input.name, input.surname) },
          searchableText(input.name, input.surname),
        );
        if (!row) throw notFound();
        return toProfile(row);
      } catch (err) {
        if (isUniqueViolation(err)) throw new AppError('USER_EXISTS');
        throw err;
      }
    },
  };
}
