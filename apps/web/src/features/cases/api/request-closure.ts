import { type Case, caseSchema } from '@l4l/shared/schemas/cases';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { parseAnswer } from '../../../lib/parse-answer.ts';
import { caseKeys } from './case-keys.ts';
import { caseQueryOptions } from './get-case.ts';

/** POST /api/cases/close-case/{caseId}: the case's lawyer asks the client to close an ACTIVO case. */
export async function requestClosure(caseId: string): Promise<Case> {
  return parseAnswer(caseSchema, await apiClient.post(`/api/cases/close-case/${encodeURIComponent(caseId)}`));
}

export function useRequestClosure() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestClosure,
    onSuccess: (saved) => {
      queryClient.setQueryData(caseQueryOptions(saved.id).queryKey, saved);
      return queryClient.invalidateQueries({ queryKey: caseKeys.lists() });
    },
  });
}
