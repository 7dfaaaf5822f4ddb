import { type RatingDecisionAnswer, ratingDecisionAnswerSchema } from '@l4l/shared/schemas/ratings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { parseAnswer } from '../../../lib/parse-answer.ts';
import { ADMIN_QUERY_KEY } from '../lib/paged.ts';

export type RatingDecision = 'hide' | 'keep';

/**
 * POST /api/admin/ratings/{id}/hide and /keep `{note}` (docs/api/http.md, Administration): the two
 * decisions on a reported rating take the same body and answer; either closes its open reports.
 */
export async function decideOnRating({
  ratingId,
  decision,
  note,
}: {
  ratingId: string;
  decision: RatingDecision;
  note: string;
}): Promise<RatingDecisionAnswer> {
  return parseAnswer(
    ratingDecisionAnswerSchema,
    await apiClient.post(`/api/admin/ratings/${encodeURIComponent(ratingId)}/${decision}`, { note }),
  );
}

export function useDecideOnRating() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decideOnRating,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ADMIN_QUERY_KEY }),
  });
}
