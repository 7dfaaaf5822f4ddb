import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { NOTIFICATIONS_QUERY_ROOT } from './get-notifications.ts';

/** POST /api/notifications/{id}/read. */
export function markNotificationRead(id: string): Promise<unknown> {
  return apiClient.post<unknown>(`/api/notifications/${encodeURIComponent(id)}/read`);
}

export function useMarkNotificationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNotificationRead,
    onSettled: () => queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_QUERY_ROOT }),
  });
}
