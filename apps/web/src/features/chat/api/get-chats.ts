import type { ChatListItem } from '@l4l/shared/schemas/chat';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { lazySchema, parseRows } from '../../../lib/parse-answer.ts';

// the nav's badge asks for the chats on every dashboard screen: zod loads beside that request
const chatItemSchema = lazySchema(() =>
  import('@l4l/shared/schemas/chat').then((module) => module.chatListItemSchema),
);

/** GET /api/chat/getchats/{userId}: the caller's chats, newest activity first (docs/api/http.md, Chat). */
export async function getChats(userId: string, signal?: AbortSignal): Promise<ChatListItem[]> {
  const [answer, schema] = await Promise.all([
    apiClient.get(`/api/chat/getchats/${encodeURIComponent(userId)}`, { signal }),
    chatItemSchema(),
  ]);
  return parseRows(schema, answer);
}

export const chatsQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: ['chat', 'list', userId],
    queryFn: ({ signal }) => getChats(userId, signal),
  });

export function useChats(userId: string, options: { enabled?: boolean } = {}) {
  return useQuery({ ...chatsQueryOptions(userId), enabled: options.enabled ?? true });
}
