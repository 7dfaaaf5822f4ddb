import { type AdminUserStatus, adminUserStatusSchema, type BanInput } from '@l4l/shared/schemas/admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { parseAnswer } from '../../../lib/parse-answer.ts';
import { ADMIN_QUERY_KEY } from '../lib/paged.ts';

/** POST /api/admin/users/{id}/ban {reason?}: the user's sessions and chat sockets end at once. */
export async function banUser({ id, reason }: BanInput & { id: string }): Promise<AdminUserStatus> {
  return parseAnswer(
    adminUserStatusSchema,
    await apiClient.post(`/api/admin/users/${id}/ban`, reason ? { reason } : {}),
  );
}

export function useBanUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: banUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ADMIN_QUERY_KEY }),
  });
}
