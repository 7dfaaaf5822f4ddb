import type { PageEnvelope } from '@l4l/shared/envelope';
import { type Rating, shortText } from '@l4l/shared/schemas/lawyers';
import type { Db } from '../../db/database.ts';
import { createRatingsRepository, type RatingRow } from './ratings.repository.ts';

export type Paging = { page: number; pageSize: number };

const fullName = (name: string, surname: string) => `${name} ${surname}`.trim();

/** A rating as the screens show it (docs/product.md, Ratings). */
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

/**
 * Reading ratings (docs/api/http.md, Ratings). Writing one belongs to the cases feature, which also
 * keeps the lawyer's rating_sum / rating_count counters in step in the same transaction.
 */
export function createRatingsService(db: Db) {
  const repository = createRatingsRepository(db);
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
  };
}

export type RatingsService = ReturnType<typeof createRatingsService>;
