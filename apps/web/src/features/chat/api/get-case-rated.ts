import { caseSchema } from '@l4l/shared/schemas/cases';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { parseAnswer } from '../../../lib/parse-answer.ts';

/**
 * Whether the client already rated the case of a chat's rating prompt (docs/domain.md, Ratings: once rated the prompt
 * reads 'Ya has valorado este caso.'), from GET /api/cases/user/case/{caseId}: its `ratingId`.
 */
export function useCaseRated(caseId: string | null | undefined) {
  return useQuery({
    queryKey: ['chat', 'case-rated', caseId],
    enabled: Boolean(caseId),
    queryFn: async ({ signal }) => {
      const answer = await apiClient.get<unknown>(
        `/api/cases/user/case/${encodeURIComponent(caseId ?? '')}`,
        {
          signal,
        },
      );
      return parseAnswer(caseSchema, answer).ratingId !== null;
    },
  });
}
