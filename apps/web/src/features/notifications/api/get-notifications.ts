import type { NotificationsPage } from '@l4l/shared/schemas/notifications';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { lazySchema, parseAnswer } from '../../../lib/parse-answer.ts';

/** Every notifications query starts with this key: a change (read, a push) invalidates them all. */
export const NOTIFICATIONS_QUERY_ROOT = ['notifications'] as const;
export const NOTIFICATIONS_PAGE_SIZE = 20;

// the bell asks on every dashboard screen: zod loads beside that request
const pageSchema = lazySchema(() =>
  import('@l4l/shared/schemas/notifications').then((module) => module.notificationsPageSchema),
);

/** GET /api/notifications: the caller's notifications, newest first, `meta.unread` (docs/notifications.md). */
export async function getNotifications(
  query: { page: number; pageSize: number; unread: boolean },
  signal?: AbortSignal,
): Promise<NotificationsPage> {
  const [answer, schema] = await Promise.all([
    apiClient.getPage('/api/notifications', {
      signal,
      query: { page: query.page, pageSize: query.pageSize, ...(query.unread ? { unread: 'true' } : {}) },
    }),
    pageSchema(),
  ]);
  return parseAnswer(schema, answer);
}

export const notificationsQueryOptions = (page: number, unread: boolean) =>
  queryOptions({
    queryKey: [...NOTIFICATIONS_QUERY_ROOT, 'list', { page, unread }],
    queryFn: ({ signal }) => getNotifications({ page, pageSize: NOTIFICATIONS_PAGE_SIZE, unread }, signal),
    placeholderData: keepPreviousData,
  });

export function useNotifications(page: number, unread: boolean) {
  return useQuery(notificationsQueryOptions(page, unread));
}

/** The bell's count: one row is enough, `meta.unread` counts them all. */
export const unreadCountQueryOptions = () =>
  queryOptions({
    queryKey: [...NOTIFICATIONS_QUERY_ROOT, 'unread-count'],
    queryFn: async ({ signal }) =>
      (await getNotifications({ page: 1, pageSize: 1, unread: true }, signal)).meta.unread,
  });

export function useUnreadCount(options: { enabled?: boolean } = {}) {
  return useQuery({ ...unreadCountQueryOptions(), enabled: options.enabled ?? true });
}
