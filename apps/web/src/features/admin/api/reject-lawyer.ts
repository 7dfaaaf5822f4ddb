import { type AdminLawyer, adminLawyerSchema, type RejectLawyerInput } from '@l4l/shared/schemas/admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { parseAnswer } from '../../../lib/parse-answer.ts';
import { ADMIN_QUERY_KEY } from '../lib/paged.ts';

/** POST /api/admin/lawyers/{id}/reject {reason}: the lawyer reads the reason in a mail. */
export async function rejectLawyer({
  id,
  ...input
}: RejectLawyerInput & { id: string }): Promise<AdminLawyer> {
  return parseAnswer(adminLawyerSchema, await apiClient.post(`/api/admin/lawyers/${id}/reject`, input));
}

export function useRejectLawyer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rejectLawyer,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ADMIN_QUERY_KEY }),
  });
}
