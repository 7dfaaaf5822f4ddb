import type { PageEnvelope } from '@l4l/shared/envelope';
import { type Rating, shortText } from '@l4l/shared/schemas/lawyers';
import type {
  AdminRatingReport,
  AdminRatingReportsQuery,
  RatingDecisionAnswer,
  SavedReply,
  SavedReport,
} from '@l4l/shared/schemas/ratings';
import { es } from '@l4l/shared/texts/es';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.ts';
import { AppError, forbidden, notFound } from '../../lib/app-error.ts';
import type { Events } from '../../lib/events.ts';
import { transactional } from '../../lib/transaction.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import type { AuditInsert } from '../admin/index.ts';
import { authorize, type CasesApi } from '../cases/index.ts';
import {
  createRatingsRepository,
  type RatingRow,
  type RatingsRepository,
  type ReportRow,
} from './ratings.repository.ts';

export type Paging = { page: number; pageSize: number };

const fullName = (name: string, surname: string) => `${name} ${surname}`.trim();

/** A rating as the lawyer's profile shows it (docs/domain.md, Ratings). */
function toRating(row: RatingRow): Rating {
  return {
    id: row.id,
    userId: row.userId,
    lawyerId: row.lawyerId,
    caseId: row.caseId,
    userPhotoUrl: row.authorPhotoUrl,
    profileImage: row.authorPhotoUrl,
    userName: fullName(row.authorName, row.authorSurname),
    lawyerName: fullName(row.lawyerName, row.lawyerSurname),
    shortDescription: shortText(row.description),
    title: row.title,
    description: row.description,
    stars: row.stars,
    score: row.stars,
    date: row.createdAt.toISOString(),
    reply:
      row.replyText !== null && row.repliedAt
        ? { text: row.replyText, createdAt: row.repliedAt.toISOString() }
        : null,
    hidden: row.hiddenAt !== null,
  };
}

/** A report as the console lists it, with the rating it is about. */
function toAdminReport(row: ReportRow): AdminRatingReport {
  const rating = toRating(row.rating);
  return {
    id: row.id,
    reason: row.reason,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    reporterId: row.reporterId,
    reporterName: fullName(row.reporterName, row.reporterSurname),
    decidedAt: row.decidedAt?.toISOString() ?? null,
    note: row.note,
    rating: {
      id: rating.id,
      title: rating.title,
      description: rating.description,
      stars: rating.stars,
      date: rating.date,
      userName: rating.userName,
      lawyerId: rating.lawyerId,
      lawyerName: rating.lawyerName,
      hidden: rating.hidden,
    },
  };
}

export type NewRating = {
  caseId: string;
  lawyerId?: string;
  userId?: string;
  stars: number;
  title: string;
  description: string;
};

/**
 * Ratings: reading them, and the client's rating of a finished case (the
 * case machine's `rate`), which keeps the lawyer's rating_sum / rating_count in step in its transaction.
 */
export function createRatingsService(deps: {
  db: Db;
  /** locks the rated case (the cases feature) */
  cases: Pick<CasesApi, 'lockCase'>;
  /** the rating events, in the rating's transaction (docs/decisions/0030-one-event-map.md) */
  events: Pick<Events, 'emit'>;
  /** writes an administrator's decision to the audit log, in its transaction */
  audit: (tx: Db, entry: AuditInsert) => Promise<void>;
  log: FastifyBaseLogger;
}) {
  const repository = createRatingsRepository(deps.db);
  const transaction = transactional(deps.db, createRatingsRepository, deps.log);
  const range = ({ page, pageSize }: Paging) => ({ limit: pageSize, offset: (page - 1) * pageSize });
  const answer = (
    { rows, total }: { rows: RatingRow[]; total: number },
    { page, pageSize }: Paging,
  ): PageEnvelope<Rating> => ({ data: rows.map(toRating), meta: { total, page, pageSize } });

  /** A rating the public lists show: a hidden one (or none) is 404 to anyone. */
  async function shownRating(ratings: RatingsRepository, id: string) {
    const rating = await ratings.find(id);
    if (!rating || rating.hiddenAt) throw notFound(es.ratings.notFound);
    return rating;
  }

  /**
   * docs/domain.md, Ratings: an administrator's decision closes every open report of the rating and is
   * written to the audit log with the note, in one transaction.
   */
  function decide(admin: AuthUser, id: string, note: string, decision: 'hidden' | 'kept') {
    return transaction(async (ratings, tx): Promise<RatingDecisionAnswer> => {
      const rating = await ratings.find(id);
      if (!rating) throw notFound(es.ratings.notFound);
      if (rating.hiddenAt) throw new AppError('CONFLICT', { message: es.admin.ratingAlreadyHidden });
      if (decision === 'hidden') {
        if (!(await ratings.hide(rating))) {
          throw new AppError('CONFLICT', { message: es.admin.ratingAlreadyHidden });
        }
      }
      const closedReports = await ratings.closeReports(id, { status: decision, adminId: admin.id, note });
      if (decision === 'kept' && closedReports === 0) {
        throw new AppError('CONFLICT', { message: es.admin.ratingNoOpenReports });
      }
      await deps.audit(tx, {
        adminId: admin.id,
        action: decision === 'hidden' ? 'rating.hide' : 'rating.keep',
        targetType: 'rating',
        targetId: id,
        reason: note,
        details: { closedReports, stars: rating.stars, lawyerId: rating.lawyerId },
      });
      return { ratingId: id, hidden: decision === 'hidden', closedReports };
    });
  }

  return {
    /** Ratings of a lawyer, newest first. */
    async ofLawyer(lawyerId: string, paging: Paging): Promise<PageEnvelope<Rating>> {
      return answer(await repository.ofLawyer(lawyerId, range(paging)), paging);
    },

    /** Ratings a client wrote, newest first. */
    async byUser(userId: string, paging: Paging): Promise<PageEnvelope<Rating>> {
      return answer(await repository.byUser(userId, range(paging)), paging);
    },

    /** The client rates the lawyer of their finished case, once. */
    async rate(actor: AuthUser, input: NewRating) {
      if (input.userId && input.userId !== actor.id) throw forbidden();
      return transaction(async (ratings, tx, afterCommit) => {
        const row = await deps.cases.lockCase(tx, input.caseId);
        authorize('rate', actor, row);
        const lawyerId = row.lawyerId as string;
        if (input.lawyerId && input.lawyerId !== lawyerId) {
          throw new AppError('VALIDATION_ERROR', {
            message: es.ratings.notTheLawyer,
            fields: { lawyerId: es.ratings.notTheLawyer },
          });
        }
        const stored = await ratings.insertRating({
          caseId: row.id,
          userId: actor.id,
          lawyerId,
          stars: input.stars,
          title: input.title,
          description: input.description,
        });
        if (!stored) throw new AppError('CONFLICT', { message: es.ratings.alreadyRated });
        await deps.events.emit(tx, afterCommit, 'rating.received', { caseId: row.id, stars: input.stars });
        return {
          id: stored.id,
          caseId: row.id,
          userId: actor.id,
          lawyerId,
          stars: input.stars,
          title: input.title,
          description: input.description,
          date: stored.date.toISOString(),
        };
      });
    },

    /** The rated lawyer answers a rating once; the client is told (docs/notifications.md, Event types). */
    reply(actor: AuthUser, id: string, text: string): Promise<SavedReply> {
      return transaction(async (ratings, tx, afterCommit) => {
        const rating = await shownRating(ratings, id);
        // another lawyer's rating is not theirs to answer: as if it did not exist
        if (rating.lawyerId !== actor.id) throw notFound(es.ratings.notFound);
        const stored = await ratings.insertReply(id, text);
        if (!stored?.text || !stored.createdAt) {
          throw new AppError('CONFLICT', { message: es.ratings.alreadyReplied });
        }
        await deps.events.emit(tx, afterCommit, 'rating.replied', { caseId: rating.caseId });
        return { ratingId: id, reply: { text: stored.text, createdAt: stored.createdAt.toISOString() } };
      });
    },

    /** Anyone signed in but its author reports a shown rating as abusive, once. */
    async report(actor: AuthUser, id: string, reason: string): Promise<SavedReport> {
      const rating = await shownRating(repository, id);
      if (rating.userId === actor.id) throw forbidden(es.ratings.ownRating);
      const stored = await repository.insertReport({ ratingId: id, reporterId: actor.id, reason });
      if (!stored) throw new AppError('CONFLICT', { message: es.ratings.alreadyReported });
      return { ...stored, createdAt: stored.createdAt.toISOString() };
    },

    /** The console's reports in one state, oldest first. */
    async reports(query: AdminRatingReportsQuery): Promise<PageEnvelope<AdminRatingReport>> {
      const { rows, total } = await repository.reports(query.status, range(query));
      return {
        data: rows.map(toAdminReport),
        meta: { total, page: query.page, pageSize: query.pageSize },
      };
    },

    /** Hides the rating: out of every public list and of the lawyer's average and count. */
    hide: (admin: AuthUser, id: string, note: string) => decide(admin, id, note, 'hidden'),

    /** Keeps the rating published and closes its open reports. */
    keep: (admin: AuthUser, id: string, note: string) => decide(admin, id, note, 'kept'),
  };
}

export type RatingsService = ReturnType<typeof createRatingsService>;
