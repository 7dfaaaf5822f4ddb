import { type Presence, presenceSchema } from '@l4l/shared/schemas/chat';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { parseAnswer } from '../../../lib/parse-answer.ts';

/** How often the conversation header refreshes the counterpart's 'Visto por última vez'. */
export const PRESENCE_REFRESH_MS = 60_000;

/** GET /api/users/{id}/presence (+): online now, and the last connection (docs/product.md, Private chat: the header). */
export async function getPresence(userId: string, signal?: AbortSignal): Promise<Presence> {
  const answer = await apiClient.get(`/api/users/${encodeURIComponent(userId)}/presence`, {
    signal,
  });
  return parseAnswer(presenceSchema, answer);
}

export const presenceQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: ['chat', 'presence', userId],
    queryFn: ({ signal }) => getPresence(userId, signal),
    refetchInterval: PRESENCE_REFRESH_MS,
  });

export function usePresence(userId: string) {
  return useQuery(presenceQueryOptions(userId));
}
