import { type Notification, notificationSchema } from '@l4l/shared/schemas/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { parseAnswer } from '../../../lib/parse-answer.ts';
import { NOTIFICATIONS_QUERY_ROOT } from './get-notifications.ts';

/** POST /api/notifications/{id}/read. */
export async function markNotificationRead(id: string): Promise<Notification> {
  const answer = await apiClient.post(`/api/notifications/${encodeURIComponent(id)}/read`);
  return parseAnswer(notificationSchema, answer);
}

export function useMarkNotificationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNotificationRead,
    onSettled: () => queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_QUERY_ROOT }),
  });
}
