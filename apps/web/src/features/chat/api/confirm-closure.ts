import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';

/** POST /api/cases/confirm-close-case/{caseId}/{chatId}: the case is FINALIZADO (types 7 and 9 follow). */
export function confirmClosure(input: { caseId: string; chatId: string }): Promise<unknown> {
  return apiClient.post<unknown>(
    `/api/cases/confirm-close-case/${encodeURIComponent(input.caseId)}/${encodeURIComponent(input.chatId)}`,
  );
}

export function useConfirmClosure() {
  return useMutation({ mutationFn: confirmClosure });
}
