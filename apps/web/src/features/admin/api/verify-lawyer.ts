import { type AdminLawyer, adminLawyerSchema } from '@l4l/shared/schemas/admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { parseAnswer } from '../../../lib/parse-answer.ts';
import { ADMIN_QUERY_KEY } from '../lib/paged.ts';

/** POST /api/admin/lawyers/{id}/verify: the lawyer may log in (and is told by mail). */
export async function verifyLawyer(id: string): Promise<AdminLawyer> {
  return parseAnswer(adminLawyerSchema, await apiClient.post(`/api/admin/lawyers/${id}/verify`));
}

export function useVerifyLawyer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyLawyer,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ADMIN_QUERY_KEY }),
  });
}
