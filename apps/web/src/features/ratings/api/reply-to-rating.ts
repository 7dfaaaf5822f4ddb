import { type SavedReply, savedReplySchema } from '@l4l/shared/schemas/ratings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { parseAnswer } from '../../../lib/parse-answer.ts';
import { ratingKeys } from './rating-keys.ts';

/**
 * POST /api/rating/{id}/reply `{text}` (docs/api/http.md, Ratings): the rated lawyer's one public answer; a
 * second one is a 409 whose message the form shows.
 */
export async function replyToRating({
  ratingId,
  text,
}: {
  ratingId: string;
  text: string;
}): Promise<SavedReply> {
  return parseAnswer(
    savedReplySchema,
    await apiClient.post(`/api/rating/${encodeURIComponent(ratingId)}/reply`, { text }),
  );
}

export function useReplyToRating() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: replyToRating,
    // the answer shows under the rating in every list of it
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ratingKeys.all }),
  });
}
