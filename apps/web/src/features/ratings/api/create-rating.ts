import type { NewRatingInput } from '@l4l/shared/schemas/cases';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { lawyerRatingsQueryOptions } from './get-lawyer-ratings.ts';

export type NewRating = NewRatingInput & { lawyerId: string };

/**
 * POST /api/rating/new-rating `{caseId, lawyerId, stars, title, description}` (docs/api/http.md, Ratings): one per finished
 * case, by its client; a second one is a 409 the prompt reads as 'Ya has valorado este caso.'.
 */
export function createRating(input: NewRating): Promise<unknown> {
  return apiClient.post<unknown>('/api/rating/new-rating', input);
}

export function useCreateRating() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createRating,
    // the lawyer's ratings panel shows the new one
    onSuccess: (_, input) =>
      queryClient.invalidateQueries({ queryKey: lawyerRatingsQueryOptions(input.lawyerId).queryKey }),
  });
}
