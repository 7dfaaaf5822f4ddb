import type { Rating } from '@l4l/shared/schemas/lawyers';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { parseAnswer } from '../../../lib/parse-answer.ts';
import { ratingsAnswerSchema } from './get-lawyer-ratings.ts';
import { ratingKeys } from './rating-keys.ts';

/** GET /api/rating/user-rating/{id}: the ratings a client wrote (docs/product.md, Ratings: 'Mis Valoraciones'). */
export async function getUserRatings(userId: string, signal?: AbortSignal): Promise<Rating[]> {
  const answer = await apiClient.get(`/api/rating/user-rating/${encodeURIComponent(userId)}`, {
    signal,
  });
  return parseAnswer(ratingsAnswerSchema, answer);
}

export const userRatingsQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: ratingKeys.user(userId),
    queryFn: ({ signal }) => getUserRatings(userId, signal),
  });

export function useUserRatings(userId: string) {
  return useQuery(userRatingsQueryOptions(userId));
}
