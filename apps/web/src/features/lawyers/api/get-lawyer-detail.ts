import type { LawyerDetail } from '@l4l/shared/schemas/lawyers';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { parseAnswer } from '../../../lib/parse-answer.ts';
import { lawyerDetailSchema } from './schemas.ts';

/** GET /api/lawyers/lawyer/detail/{id}: the public profile a client sees (docs/product.md, Lawyer profile). */
export async function getLawyerDetail(id: string, signal?: AbortSignal): Promise<LawyerDetail | null> {
  const [answer, schema] = await Promise.all([
    apiClient.get(`/api/lawyers/lawyer/detail/${encodeURIComponent(id)}`, { signal }),
    lawyerDetailSchema(),
  ]);
  // docs/product.md, Lawyer profile: an empty answer is 'No se encontraron datos.', not an error
  if (answer === null || answer === undefined) return null;
  return parseAnswer(schema, answer);
}

export const lawyerDetailQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['lawyers', 'detail', id],
    queryFn: ({ signal }) => getLawyerDetail(id, signal),
  });

export function useLawyerDetail(id: string) {
  return useQuery(lawyerDetailQueryOptions(id));
}
