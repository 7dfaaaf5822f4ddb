import type { Category } from '@l4l/shared/constants/categories';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { ADMIN_QUERY_KEY } from '../lib/paged.ts';

/** POST /api/admin/cases/{id}/approve {category}: the case is published on the lawyers' board. */
export function approveCase({ id, category }: { id: string; category: Category }): Promise<unknown> {
  return apiClient.post<unknown>(`/api/admin/cases/${id}/approve`, { category });
}

export function useApproveCase() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: approveCase,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ADMIN_QUERY_KEY }),
  });
}
