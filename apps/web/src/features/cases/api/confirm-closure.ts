import type { Case } from '@l4l/shared/schemas/cases';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { parseLazily } from '../../../lib/parse-answer.ts';
import { caseKeys } from './case-keys.ts';
import { caseQueryOptions } from './get-case.ts';
import { caseSchema } from './schemas.ts';

/** POST /api/cases/confirm-close-case/{caseId}/{chatId}: the client closes the case (→ FINALIZADO). */
export async function confirmClosure(input: { caseId: string; chatId: string }): Promise<Case> {
  const path = `/api/cases/confirm-close-case/${encodeURIComponent(input.caseId)}/${encodeURIComponent(input.chatId)}`;
  return parseLazily(caseSchema, apiClient.post(path));
}

export function useConfirmClosure() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmClosure,
    onSuccess: (saved) => {
      queryClient.setQueryData(caseQueryOptions(saved.id).queryKey, saved);
      return queryClient.invalidateQueries({ queryKey: caseKeys.lists() });
    },
  });
}
