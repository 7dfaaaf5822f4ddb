import type { NewRatingInput, SavedRating } from '@l4l/shared/schemas/cases';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { lazySchema, parseLazily } from '../../../lib/parse-answer.ts';
import { ratingKeys } from './rating-keys.ts';

export type NewRating = NewRatingInput & { lawyerId: string };

// loaded beside the request, zod with it: the rating card is drawn without them (ADR 0008)
const savedRatingSchema = lazySchema(() =>
  import('@l4l/shared/schemas/cases').then((module) => module.savedRatingSchema),
);

/**
 * POST /api/rating/new-rating `{caseId, lawyerId, stars, title, description}` (docs/api/http.md, Ratings): one per finished
 * case, by its client; a second one is a 409 the prompt reads as 'Ya has valorado este caso.'.
 */
export async function createRating(input: NewRating): Promise<SavedRating> {
  return parseLazily(savedRatingSchema, apiClient.post('/api/rating/new-rating', input));
}

export function useCreateRating() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createRating,
    // the lawyer's ratings and the client's 'Mis valoraciones' show the new one
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ratingKeys.all }),
  });
}
