import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { NOTIFICATIONS_QUERY_ROOT } from './get-notifications.ts';

/** POST /api/notifications/read-all. */
export function markAllNotificationsRead(): Promise<unknown> {
  return apiClient.post<unknown>('/api/notifications/read-all');
}

export function useMarkAllNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markAllNotificationsRead,
    onSettled: () => queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_QUERY_ROOT }),
  });
}
