import { type Rating, ratingSchema } from '@l4l/shared/schemas/lawyers';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiClient } from '../../../lib/api-client.ts';
import { parseAnswer } from '../../../lib/parse-answer.ts';
import { ratingKeys } from './rating-keys.ts';

export const ratingsAnswerSchema = z.array(ratingSchema);

/** GET /api/rating/lawyer-rating/{id}: the ratings clients gave a lawyer, newest first. */
export async function getLawyerRatings(lawyerId: string, signal?: AbortSignal): Promise<Rating[]> {
  const answer = await apiClient.get(`/api/rating/lawyer-rating/${encodeURIComponent(lawyerId)}`, {
    signal,
  });
  return parseAnswer(ratingsAnswerSchema, answer);
}

export const lawyerRatingsQueryOptions = (lawyerId: string) =>
  queryOptions({
    queryKey: ratingKeys.lawyer(lawyerId),
    queryFn: ({ signal }) => getLawyerRatings(lawyerId, signal),
  });

export function useLawyerRatings(lawyerId: string) {
  return useQuery(lawyerRatingsQueryOptions(lawyerId));
}
