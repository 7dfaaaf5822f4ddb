import type { AdminUserStatus } from '@l4l/shared/schemas/admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { ADMIN_QUERY_KEY } from '../lib/paged.ts';

/** POST /api/admin/users/{id}/unban: the user may sign in again. */
export function unbanUser(id: string): Promise<AdminUserStatus> {
  return apiClient.post<AdminUserStatus>(`/api/admin/users/${id}/unban`);
}

export function useUnbanUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unbanUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ADMIN_QUERY_KEY }),
  });
}
