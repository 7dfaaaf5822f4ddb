import type { Presence } from '@l4l/shared/schemas/chat';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { lazySchema, parseLazily } from '../../../lib/parse-answer.ts';

// loaded beside the request, zod with it: the chat is drawn without them (ADR 0008)
const presenceSchema = lazySchema(() =>
  import('@l4l/shared/schemas/chat').then((module) => module.presenceSchema),
);

/** How often the conversation header refreshes the counterpart's 'Visto por última vez'. */
export const PRESENCE_REFRESH_MS = 60_000;

/** GET /api/users/{id}/presence (+): online now, and the last connection (docs/product.md, Private chat: the header). */
export async function getPresence(userId: string, signal?: AbortSignal): Promise<Presence> {
  return parseLazily(
    presenceSchema,
    apiClient.get(`/api/users/${encodeURIComponent(userId)}/presence`, { signal }),
  );
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
