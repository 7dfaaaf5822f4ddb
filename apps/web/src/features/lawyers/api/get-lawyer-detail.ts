import { type LawyerDetail, lawyerDetailSchema } from '@l4l/shared/schemas/lawyers';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { parseAnswer } from '../../../lib/parse-answer.ts';

/** GET /api/lawyers/lawyer/detail/{id}: the public profile a client sees (docs/product.md, Lawyer profile). */
export async function getLawyerDetail(id: string, signal?: AbortSignal): Promise<LawyerDetail | null> {
  const answer = await apiClient.get(`/api/lawyers/lawyer/detail/${encodeURIComponent(id)}`, {
    signal,
  });
  // docs/product.md, Lawyer profile: an empty answer is 'No se encontraron datos.', not an error
  if (answer === null || answer === undefined) return null;
  return parseAnswer(lawyerDetailSchema, answer);
}

export const lawyerDetailQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['lawyers', 'detail', id],
    queryFn: ({ signal }) => getLawyerDetail(id, signal),
  });

export function useLawyerDetail(id: string) {
  return useQuery(lawyerDetailQueryOptions(id));
}
