import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { parseEmptyAnswer } from '../../../lib/empty-answer.ts';
import { NOTIFICATIONS_QUERY_ROOT } from './get-notifications.ts';

/** POST /api/notifications/read-all. */
export async function markAllNotificationsRead(): Promise<void> {
  parseEmptyAnswer(await apiClient.post('/api/notifications/read-all'));
}

export function useMarkAllNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markAllNotificationsRead,
    onSettled: () => queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_QUERY_ROOT }),
  });
}
