import type { PageEnvelope } from '@l4l/shared/envelope';
import { type Rating, shortText } from '@l4l/shared/schemas/lawyers';
import { es } from '@l4l/shared/texts/es';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.ts';
import { AppError, forbidden } from '../../lib/app-error.ts';
import { transactional } from '../../lib/transaction.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { authorize, type CasesApi } from '../cases/index.ts';
import type { NotifyEvent } from '../notifications/index.ts';
import { createRatingsRepository, type RatingRow } from './ratings.repository.ts';

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
  /** the cases feature (read when used: it is registered after this one) */
  cases: () => Pick<CasesApi, 'lockCase'>;
  /** tells the lawyer, in the rating's transaction */
  notify: NotifyEvent;
  log: FastifyBaseLogger;
}) {
  const repository = createRatingsRepository(deps.db);
  const transaction = transactional(deps.db, createRatingsRepository, deps.log);
  const range = ({ page, pageSize }: Paging) => ({ limit: pageSize, offset: (page - 1) * pageSize });
  const answer = (
    { rows, total }: { rows: RatingRow[]; total: number },
    { page, pageSize }: Paging,
  ): PageEnvelope<Rating> => ({ data: rows.map(toRating), meta: { total, page, pageSize } });

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
        const row = await deps.cases().lockCase(tx, input.caseId);
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
        await deps.notify(tx, afterCommit, { type: 'rating.received', caseId: row.id, stars: input.stars });
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
  };
}

export type RatingsService = ReturnType<typeof createRatingsService>;
