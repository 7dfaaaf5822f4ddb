import type { Rating } from '@l4l/shared/schemas/lawyers';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getRatings } from './get-lawyer-ratings.ts';
import { ratingKeys } from './rating-keys.ts';

/** GET /api/rating/user-rating/{id}: the ratings a client wrote (docs/product.md, Ratings: 'Mis Valoraciones'). */
export function getUserRatings(userId: string, signal?: AbortSignal): Promise<Rating[]> {
  return getRatings(`/api/rating/user-rating/${encodeURIComponent(userId)}`, signal);
}

export const userRatingsQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: ratingKeys.user(userId),
    queryFn: ({ signal }) => getUserRatings(userId, signal),
  });

export function useUserRatings(userId: string) {
  return useQuery(userRatingsQueryOptions(userId));
}
