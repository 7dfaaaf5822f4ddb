import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';

/** POST /api/cases/discard-close-case/{caseId}: the closure request is withdrawn, a type-8 notice follows. */
export function discardClosure(caseId: string): Promise<unknown> {
  return apiClient.post<unknown>(`/api/cases/discard-close-case/${encodeURIComponent(caseId)}`);
}

export function useDiscardClosure() {
  return useMutation({ mutationFn: discardClosure });
}
