import { type Case, caseSchema } from '@l4l/shared/schemas/cases';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { parseAnswer } from '../../../lib/parse-answer.ts';
import { caseKeys } from './case-keys.ts';
import { caseQueryOptions } from './get-case.ts';

/** POST /api/cases/discard-close-case/{caseId}: the client withdraws the closure request; still ACTIVO. */
export async function discardClosure(caseId: string): Promise<Case> {
  return parseAnswer(
    caseSchema,
    await apiClient.post(`/api/cases/discard-close-case/${encodeURIComponent(caseId)}`),
  );
}

export function useDiscardClosure() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: discardClosure,
    onSuccess: (saved) => {
      queryClient.setQueryData(caseQueryOptions(saved.id).queryKey, saved);
      return queryClient.invalidateQueries({ queryKey: caseKeys.lists() });
    },
  });
}
