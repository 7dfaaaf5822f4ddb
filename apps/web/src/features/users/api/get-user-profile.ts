import type { UserProfile } from '@l4l/shared/schemas/auth';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { lazySchema, parseLazily } from '../../../lib/parse-answer.ts';

/** The profile's schema, loaded beside the request: 'Mi Perfil' is drawn without zod (ADR 0008). */
export const userProfileSchema = lazySchema(() =>
  import('@l4l/shared/schemas/auth').then((module) => module.userProfileSchema),
);

/** GET /api/user/profile/{id} (self or admin). */
export function getUserProfile(id: string, signal?: AbortSignal): Promise<UserProfile> {
  return parseLazily(
    userProfileSchema,
    apiClient.get(`/api/user/profile/${encodeURIComponent(id)}`, { signal }),
  );
}

export const userProfileQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['users', 'profile', id],
    queryFn: ({ signal }) => getUserProfile(id, signal),
  });

export function useUserProfile(id: string) {
  return useQuery(userProfileQueryOptions(id));
}
