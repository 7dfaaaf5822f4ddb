import type {
  NotificationPreferences,
  NotificationPreferencesInput,
} from '@l4l/shared/schemas/notifications';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { lazySchema, parseLazily } from '../../../lib/parse-answer.ts';
import { NOTIFICATIONS_QUERY_ROOT } from './get-notifications.ts';

// loaded beside the requests, zod with it: the switches are drawn without them (ADR 0008)
const notificationPreferencesSchema = lazySchema(() =>
  import('@l4l/shared/schemas/notifications').then((module) => module.notificationPreferencesSchema),
);

/** GET /api/notifications/preferences: one mail switch per type. */
export function getNotificationPreferences(signal?: AbortSignal): Promise<NotificationPreferences> {
  return parseLazily(
    notificationPreferencesSchema,
    apiClient.get('/api/notifications/preferences', { signal }),
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
export function updateNotificationPreferences(
  input: NotificationPreferencesInput,
): Promise<NotificationPreferences> {
  return parseLazily(notificationPreferencesSchema, apiClient.put('/api/notifications/preferences', input));
}

export function useUpdateNotificationPreferences() {
  const queryClient = useQueryClient();
  const { queryKey } = notificationPreferencesQueryOptions();
  return useMutation({
    mutationFn: updateNotificationPreferences,
    onSuccess: (saved) => queryClient.setQueryData(queryKey, saved),
  });
}
