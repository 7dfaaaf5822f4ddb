import { asc, eq, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { ratings } from '../../db/schema/index.ts';

/**
 * docs/domain.md, Privacy rights: the ratings a person gave (a client) or received (a lawyer). They are
 * exported; the erasure leaves them for the other party, under the pseudonym.
 */
export const ratingsPrivacy = {
  exportFor(userId: string, db: Db) {
    return db
      .select({
        id: ratings.id,
        caseId: ratings.caseId,
        lawyerId: ratings.lawyerId,
        given: sql<boolean>`${ratings.userId} = ${userId}`,
        stars: ratings.stars,
        title: ratings.title,
        description: ratings.description,
        createdAt: ratings.createdAt,
      })
      .from(ratings)
      .where(or(eq(ratings.userId, userId), eq(ratings.lawyerId, userId)))
      .orderBy(asc(ratings.createdAt));
  },
};
