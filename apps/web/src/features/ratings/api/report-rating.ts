import { type SavedReport, savedReportSchema } from '@l4l/shared/schemas/ratings';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { parseAnswer } from '../../../lib/parse-answer.ts';

/**
 * POST /api/rating/{id}/report `{reason}` (docs/api/http.md, Ratings): anyone but the author reports an
 * abusive rating once; an administrator decides. Nothing on screen changes until then.
 */
export async function reportRating({
  ratingId,
  reason,
}: {
  ratingId: string;
  reason: string;
}): Promise<SavedReport> {
  return parseAnswer(
    savedReportSchema,
    await apiClient.post(`/api/rating/${encodeURIComponent(ratingId)}/report`, { reason }),
  );
}

export function useReportRating() {
  return useMutation({ mutationFn: reportRating });
}
