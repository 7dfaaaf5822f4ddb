import type { AdminUserStatus, BanInput } from '@l4l/shared/schemas/admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { ADMIN_QUERY_KEY } from '../lib/paged.ts';

/** POST /api/admin/users/{id}/ban {reason?}: the user's sessions and chat sockets end at once. */
export function banUser({ id, reason }: BanInput & { id: string }): Promise<AdminUserStatus> {
  return apiClient.post<AdminUserStatus>(`/api/admin/users/${id}/ban`, reason ? { reason } : {});
}

export function useBanUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: banUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ADMIN_QUERY_KEY }),
  });
}
