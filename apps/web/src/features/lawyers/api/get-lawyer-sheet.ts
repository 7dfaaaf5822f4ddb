import type { LawyerSheet } from '@l4l/shared/schemas/lawyers';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { parseLazily } from '../../../lib/parse-answer.ts';
import { lawyerSheetSchema } from './schemas.ts';

/** GET /api/lawyers/profile/{id}: the lawyer's own editable sheet (docs/api/http.md, Lawyers). */
export function getLawyerSheet(id: string, signal?: AbortSignal): Promise<LawyerSheet> {
  return parseLazily(
    lawyerSheetSchema,
    apiClient.get(`/api/lawyers/profile/${encodeURIComponent(id)}`, { signal }),
  );
}

export const lawyerSheetQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['lawyers', 'sheet', id],
    queryFn: ({ signal }) => getLawyerSheet(id, signal),
  });

export function useLawyerSheet(id: string) {
  return useQuery(lawyerSheetQueryOptions(id));
}
