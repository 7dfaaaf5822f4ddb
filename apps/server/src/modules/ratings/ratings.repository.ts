import type { RatingReportStatus } from '@l4l/shared/schemas/ratings';
import { and, asc, count, desc, eq, isNull, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/database.ts';
import { ratingReports, ratings, users } from '../../db/schema/index.ts';
import { countRating } from '../lawyers/index.ts';

const author = alias(users, 'author');
const ratedLawyer = alias(users, 'rated_lawyer');
const reporter = alias(users, 'reporter');

const ratingColumns = {
  id: ratings.id,
  userId: ratings.userId,
  lawyerId: ratings.lawyerId,
  caseId: ratings.caseId,
  title: ratings.title,
  description: ratings.description,
  stars: ratings.stars,
  createdAt: ratings.createdAt,
  replyText: ratings.replyText,
  repliedAt: ratings.repliedAt,
  hiddenAt: ratings.hiddenAt,
  authorName: author.name,
  authorSurname: author.surname,
  authorPhotoUrl: author.photoUrl,
  lawyerName: ratedLawyer.name,
  lawyerSurname: ratedLawyer.surname,
};

export type RatingsPage = { limit: number; offset: number };

/** docs/domain.md, Ratings: what the public lists show; a hidden rating is only its author's. */
const shown = isNull(ratings.hiddenAt);

export function createRatingsRepository(db: Db) {
  /** Newest first, with a stable tiebreak; each filter has its (user_id | lawyer_id, created_at) index. */
  async function page(where: SQL | undefined, { limit, offset }: RatingsPage) {
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
    ofLawyer: (lawyerId: string, range: RatingsPage) =>
      page(and(eq(ratings.lawyerId, lawyerId), shown), range),
    byUser: (userId: string, range: RatingsPage) => page(eq(ratings.userId, userId), range),

    /** A rating with who wrote it and whom it rates (the decisions on it are conditional updates). */
    async find(id: string) {
      const [row] = await db
        .select({
          id: ratings.id,
          caseId: ratings.caseId,
          userId: ratings.userId,
          lawyerId: ratings.lawyerId,
          stars: ratings.stars,
          repliedAt: ratings.repliedAt,
          hiddenAt: ratings.hiddenAt,
        })
        .from(ratings)
        .where(eq(ratings.id, id))
        .limit(1);
      return row;
    },

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
      await countRating(db, values.lawyerId, values.stars, 1);
      return row;
    },

    /** The lawyer's answer, stored once: null when the rating has one already. */
    async insertReply(id: string, text: string) {
      const [row] = await db
        .update(ratings)
        .set({ replyText: text, repliedAt: new Date() })
        .where(and(eq(ratings.id, id), isNull(ratings.repliedAt)))
        .returning({ text: ratings.replyText, createdAt: ratings.repliedAt });
      return row;
    },

    /** A person's report of a rating: null when they reported it already (one per person and rating). */
    async insertReport(values: { ratingId: string; reporterId: string; reason: string }) {
      const [row] = await db.insert(ratingReports).values(values).onConflictDoNothing().returning({
        id: ratingReports.id,
        ratingId: ratingReports.ratingId,
        reason: ratingReports.reason,
        status: ratingReports.status,
        createdAt: ratingReports.createdAt,
      });
      return row ?? null;
    },

    /** The reports in one state, oldest first (the console works through them in order). */
    async reports(status: RatingReportStatus, { limit, offset }: RatingsPage) {
      const where = eq(ratingReports.status, status);
      const [rows, totals] = await Promise.all([
        db
          .select({
            id: ratingReports.id,
            reason: ratingReports.reason,
            status: ratingReports.status,
            createdAt: ratingReports.createdAt,
            decidedAt: ratingReports.decidedAt,
            note: ratingReports.note,
            reporterId: ratingReports.reporterId,
            reporterName: reporter.name,
            reporterSurname: reporter.surname,
            rating: ratingColumns,
          })
          .from(ratingReports)
          .innerJoin(ratings, eq(ratings.id, ratingReports.ratingId))
          .innerJoin(reporter, eq(reporter.id, ratingReports.reporterId))
          .innerJoin(author, eq(author.id, ratings.userId))
          .innerJoin(ratedLawyer, eq(ratedLawyer.id, ratings.lawyerId))
          .where(where)
          .orderBy(asc(ratingReports.createdAt), asc(ratingReports.id))
          .limit(limit)
          .offset(offset),
        db.select({ total: count() }).from(ratingReports).where(where),
      ]);
      return { rows, total: totals[0]?.total ?? 0 };
    },

    /** Hides a shown rating and takes it out of the lawyer's rating_sum / rating_count. */
    async hide(rating: { id: string; lawyerId: string; stars: number }) {
      const [row] = await db
        .update(ratings)
        .set({ hiddenAt: new Date() })
        .where(and(eq(ratings.id, rating.id), shown))
        .returning({ id: ratings.id });
      if (row) await countRating(db, rating.lawyerId, rating.stars, -1);
      return row !== undefined;
    },

    /** Closes every open report of a rating with the administrator's decision; answers how many. */
    async closeReports(
      ratingId: string,
      decision: { status: 'hidden' | 'kept'; adminId: string; note: string },
    ) {
      const closed = await db
        .update(ratingReports)
        .set({
          status: decision.status,
          decidedAt: new Date(),
          decidedBy: decision.adminId,
          note: decision.note,
        })
        .where(and(eq(ratingReports.ratingId, ratingId), eq(ratingReports.status, 'open')))
        .returning({ id: ratingReports.id });
      return closed.length;
    },
  };
}

export type RatingsRepository = ReturnType<typeof createRatingsRepository>;
export type RatingRow = Awaited<ReturnType<RatingsRepository['ofLawyer']>>['rows'][number];
export type ReportRow = Awaited<ReturnType<RatingsRepository['reports']>>['rows'][number];
