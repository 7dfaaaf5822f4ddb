import { type Case, caseSchema } from '@l4l/shared/schemas/cases';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { parseAnswer } from '../../../lib/parse-answer.ts';
import { ADMIN_QUERY_KEY } from '../lib/paged.ts';

/** POST /api/admin/cases/{id}/discard {reason?}: the client gets a notice and a mail. */
export async function discardCase({ id, reason }: { id: string; reason?: string }): Promise<Case> {
  return parseAnswer(
    caseSchema,
    await apiClient.post(`/api/admin/cases/${id}/discard`, reason ? { reason } : {}),
  );
}

export function useDiscardCase() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: discardCase,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ADMIN_QUERY_KEY }),
  });
}
