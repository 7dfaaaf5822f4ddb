import { type LawyerSheet, lawyerSheetSchema } from '@l4l/shared/schemas/lawyers';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { parseAnswer } from '../../../lib/parse-answer.ts';

/** GET /api/lawyers/profile/{id}: the lawyer's own editable sheet (docs/api/http.md, Lawyers). */
export async function getLawyerSheet(id: string, signal?: AbortSignal): Promise<LawyerSheet> {
  const answer = await apiClient.get(`/api/lawyers/profile/${encodeURIComponent(id)}`, { signal });
  return parseAnswer(lawyerSheetSchema, answer);
}

export const lawyerSheetQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['lawyers', 'sheet', id],
    queryFn: ({ signal }) => getLawyerSheet(id, signal),
  });

export function useLawyerSheet(id: string) {
  return useQuery(lawyerSheetQueryOptions(id));
}
