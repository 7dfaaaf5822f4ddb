import { type ChatListItem, chatListItemSchema } from '@l4l/shared/schemas/chat';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiClient } from '../../../lib/api-client.ts';
import { parseAnswer } from '../../../lib/parse-answer.ts';

const chatListSchema = z.array(chatListItemSchema);

/** GET /api/chat/getchats/{userId}: the caller's chats, newest activity first (API.md "Chat"). */
export async function getChats(userId: string, signal?: AbortSignal): Promise<ChatListItem[]> {
  const answer = await apiClient.get<unknown>(`/api/chat/getchats/${encodeURIComponent(userId)}`, { signal });
  return parseAnswer(chatListSchema, answer);
}

export const chatsQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: ['chat', 'list', userId],
    queryFn: ({ signal }) => getChats(userId, signal),
  });

export function useChats(userId: string, options: { enabled?: boolean } = {}) {
  return useQuery({ ...chatsQueryOptions(userId), enabled: options.enabled ?? true });
}
