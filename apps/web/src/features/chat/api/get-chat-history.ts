import { CHAT_HISTORY_DEFAULT_LIMIT } from '@l4l/shared/constants/messages';
import type { ChatHistory } from '@l4l/shared/schemas/chat';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { lazySchema, parseLazily } from '../../../lib/parse-answer.ts';

// loaded beside the request, zod with it: the chat is drawn without them (ADR 0008)
const chatHistorySchema = lazySchema(() =>
  import('@l4l/shared/schemas/chat').then((module) => module.chatHistorySchema),
);

/**
 * GET /api/chat/{userId}/{lawyerId}?before=&limit=: one page of the pair's messages, oldest first.
 * Reading the newest page (no `before`) marks the chat read for the caller.
 */
export async function getChatHistory(
  userId: string,
  lawyerId: string,
  page: { before?: string; limit?: number } = {},
  signal?: AbortSignal,
): Promise<ChatHistory> {
  const answer = apiClient.get(`/api/chat/${encodeURIComponent(userId)}/${encodeURIComponent(lawyerId)}`, {
    query: { before: page.before, limit: page.limit ?? CHAT_HISTORY_DEFAULT_LIMIT },
    signal,
  });
  return parseLazily(chatHistorySchema, answer);
}

/**
 * Pages newest first: page 0 is the latest messages (live ones are appended to it), each next page goes
 * further back from the oldest id loaded so far.
 */
export const chatHistoryQueryOptions = (userId: string, lawyerId: string) =>
  infiniteQueryOptions({
    queryKey: ['chat', 'history', userId, lawyerId],
    queryFn: ({ pageParam, signal }) => getChatHistory(userId, lawyerId, { before: pageParam }, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last: ChatHistory) =>
      last.messages.length < CHAT_HISTORY_DEFAULT_LIMIT ? undefined : last.messages[0]?.id,
  });

export function useChatHistory(userId: string, lawyerId: string) {
  return useInfiniteQuery(chatHistoryQueryOptions(userId, lawyerId));
}
