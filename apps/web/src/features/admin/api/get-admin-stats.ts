import { type AdminStats, adminStatsSchema } from '@l4l/shared/schemas/admin';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { parseAnswer } from '../../../lib/parse-answer.ts';
import { ADMIN_QUERY_KEY } from '../lib/paged.ts';

/** GET /api/admin/stats: the overview's figures. */
export async function getAdminStats(signal?: AbortSignal): Promise<AdminStats> {
  return parseAnswer(adminStatsSchema, await apiClient.get('/api/admin/stats', { signal }));
}

export const adminStatsQueryOptions = () =>
  queryOptions({ queryKey: [...ADMIN_QUERY_KEY, 'stats'], queryFn: ({ signal }) => getAdminStats(signal) });

export function useAdminStats() {
  return useQuery(adminStatsQueryOptions());
}
