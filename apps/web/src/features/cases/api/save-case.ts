import type { Case, EditCaseInput } from '@l4l/shared/schemas/cases';
import { type MutationFunction, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { parseLazily } from '../../../lib/parse-answer.ts';
import { caseKeys } from './case-keys.ts';
import { caseQueryOptions } from './get-case.ts';
import { caseSchema } from './schemas.ts';

/**
 * A change to one case whose answer is the case as it is now: the case's cache takes the answer and the
 * lists (Mis casos, the board) read again.
 */
export function useCaseChange<Variables>(mutationFn: MutationFunction<Case, Variables>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (saved) => {
      queryClient.setQueryData(caseQueryOptions(saved.id).queryKey, saved);
      return queryClient.invalidateQueries({ queryKey: caseKeys.lists() });
    },
  });
}

/** PUT /api/cases/{caseId}: the client corrects a case that still waits for validation. */
export async function editCase({ caseId, ...input }: EditCaseInput & { caseId: string }): Promise<Case> {
  return parseLazily(caseSchema, apiClient.put(`/api/cases/${encodeURIComponent(caseId)}`, input));
}

/** POST /api/cases/{caseId}/withdraw: the client withdraws it before validation; it ends DESCARTADO. */
export async function withdrawCase(caseId: string): Promise<Case> {
  return parseLazily(caseSchema, apiClient.post(`/api/cases/${encodeURIComponent(caseId)}/withdraw`));
}

export const useEditCase = () => useCaseChange(editCase);
export const useWithdrawCase = () => useCaseChange(withdrawCase);
