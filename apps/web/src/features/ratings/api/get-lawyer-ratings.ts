import type { Rating } from '@l4l/shared/schemas/lawyers';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { lazySchema, parseRows } from '../../../lib/parse-answer.ts';
import { ratingKeys } from './rating-keys.ts';

// loaded beside the request, zod with it: the ratings' panels are drawn without them (ADR 0008)
const ratingSchema = lazySchema(() =>
  import('@l4l/shared/schemas/lawyers').then((module) => module.ratingSchema),
);

/** A list of ratings at `path`, each checked against the shared schema. */
export async function getRatings(path: string, signal?: AbortSignal): Promise<Rating[]> {
  const [answer, schema] = await Promise.all([apiClient.get(path, { signal }), ratingSchema()]);
  return parseRows(schema, answer);
}

/** GET /api/rating/lawyer-rating/{id}: the ratings clients gave a lawyer, newest first. */
export function getLawyerRatings(lawyerId: string, signal?: AbortSignal): Promise<Rating[]> {
  return getRatings(`/api/rating/lawyer-rating/${encodeURIComponent(lawyerId)}`, signal);
}

export const lawyerRatingsQueryOptions = (lawyerId: string) =>
  queryOptions({
    queryKey: ratingKeys.lawyer(lawyerId),
    queryFn: ({ signal }) => getLawyerRatings(lawyerId, signal),
  });

export function useLawyerRatings(lawyerId: string) {
  return useQuery(lawyerRatingsQueryOptions(lawyerId));
}
