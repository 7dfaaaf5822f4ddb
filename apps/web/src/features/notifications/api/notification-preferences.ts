import {
  type NotificationPreferences,
  type NotificationPreferencesInput,
  notificationPreferencesSchema,
} from '@l4l/shared/schemas/notifications';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { parseAnswer } from '../../../lib/parse-answer.ts';
import { NOTIFICATIONS_QUERY_ROOT } from './get-notifications.ts';

/** GET /api/notifications/preferences: one mail switch per type. */
export async function getNotificationPreferences(signal?: AbortSignal): Promise<NotificationPreferences> {
  return parseAnswer(
    notificationPreferencesSchema,
    await apiClient.get('/api/notifications/preferences', { signal }),
  );
}

export const notificationPreferencesQueryOptions = () =>
  queryOptions({
    queryKey: [...NOTIFICATIONS_QUERY_ROOT, 'preferences'],
    queryFn: ({ signal }) => getNotificationPreferences(signal),
  });

export function useNotificationPreferences() {
  return useQuery(notificationPreferencesQueryOptions());
}

/** PUT /api/notifications/preferences: the switches to change; answers them all. */
export async function updateNotificationPreferences(
  input: NotificationPreferencesInput,
): Promise<NotificationPreferences> {
  return parseAnswer(
    notificationPreferencesSchema,
    await apiClient.put('/api/notifications/preferences', input),
  );
}

export function useUpdateNotificationPreferences() {
  const queryClient = useQueryClient();
  const { queryKey } = notificationPreferencesQueryOptions();
  return useMutation({
    mutationFn: updateNotificationPreferences,
    onSuccess: (saved) => queryClient.setQueryData(queryKey, saved),
  });
}
