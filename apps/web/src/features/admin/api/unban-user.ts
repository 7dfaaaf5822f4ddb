import { type AdminUserStatus, adminUserStatusSchema } from '@l4l/shared/schemas/admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { parseAnswer } from '../../../lib/parse-answer.ts';
import { ADMIN_QUERY_KEY } from '../lib/paged.ts';

/** POST /api/admin/users/{id}/unban: the user may sign in again. */
export async function unbanUser(id: string): Promise<AdminUserStatus> {
  return parseAnswer(adminUserStatusSchema, await apiClient.post(`/api/admin/users/${id}/unban`));
}

export function useUnbanUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unbanUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ADMIN_QUERY_KEY }),
  });
}
