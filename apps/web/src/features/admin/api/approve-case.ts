import type { Category } from '@l4l/shared/constants/categories';
import { type Case, caseSchema } from '@l4l/shared/schemas/cases';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { parseAnswer } from '../../../lib/parse-answer.ts';
import { ADMIN_QUERY_KEY } from '../lib/paged.ts';

/** POST /api/admin/cases/{id}/approve {category}: the case is published on the lawyers' board. */
export async function approveCase({ id, category }: { id: string; category: Category }): Promise<Case> {
  return parseAnswer(caseSchema, await apiClient.post(`/api/admin/cases/${id}/approve`, { category }));
}

export function useApproveCase() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: approveCase,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ADMIN_QUERY_KEY }),
  });
}
