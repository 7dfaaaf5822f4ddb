import { count, desc, eq, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/database.ts';
import { lawyerProfiles, ratings, users } from '../../db/schema/index.ts';

const author = alias(users, 'author');
const ratedLawyer = alias(users, 'rated_lawyer');

const ratingColumns = {
  id: ratings.id,
  userId: ratings.userId,
  lawyerId: ratings.lawyerId,
  caseId: ratings.caseId,
  title: ratings.title,
  description: ratings.description,
  stars: ratings.stars,
  createdAt: ratings.createdAt,
  authorName: author.name,
  authorSurname: author.surname,
  authorPhotoUrl: author.photoUrl,
  lawyerName: ratedLawyer.name,
  lawyerSurname: ratedLawyer.surname,
};

export type RatingsPage = { limit: number; offset: number };

export function createRatingsRepository(db: Db) {
  /** Newest first, with a stable tiebreak; each filter has its (user_id | lawyer_id, created_at) index. */
  async function page(where: SQL, { limit, offset }: RatingsPage) {
    const [rows, totals] = await Promise.all([
      db
        .select(ratingColumns)
        .from(ratings)
        .innerJoin(author, eq(author.id, ratings.userId))
        .innerJoin(ratedLawyer, eq(ratedLawyer.id, ratings.lawyerId))
        .where(where)
        .orderBy(desc(ratings.createdAt), desc(ratings.id))
        .limit(limit)
        .offset(offset),
      db.select({ total: count() }).from(ratings).where(where),
    ]);
    return { rows, total: totals[0]?.total ?? 0 };
  }

  return {
    ofLawyer: (lawyerId: string, range: RatingsPage) => page(eq(ratings.lawyerId, lawyerId), range),
    byUser: (userId: string, range: RatingsPage) => page(eq(ratings.userId, userId), range),

    /**
     * A case's rating with the lawyer's rating_sum / rating_count moved in step; null when the case has its
     * rating already (unique key on case_id: of two at once, one is stored).
     */
    async insertRating(values: typeof ratings.$inferInsert) {
      const [row] = await db
        .insert(ratings)
        .values(values)
        .onConflictDoNothing()
        .returning({ id: ratings.id, date: ratings.createdAt });
      if (!row) return null;
      await db
        .update(lawyerProfiles)
        .set({
          ratingSum: sql`${lawyerProfiles.ratingSum} + ${values.stars}`,
          ratingCount: sql`${lawyerProfiles.ratingCount} + 1`,
        })
        .where(eq(lawyerProfiles.userId, values.lawyerId));
      return row;
    },
  };
}

export type RatingRow = Awaited<
  ReturnType<ReturnType<typeof createRatingsRepository>['ofLawyer']>
>['rows'][number];
