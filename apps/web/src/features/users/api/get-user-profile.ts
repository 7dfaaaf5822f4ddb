import type { UserProfile } from '@l4l/shared/schemas/auth';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';

/** GET /api/user/profile/{id} (self or admin). */
export function getUserProfile(id: string, signal?: AbortSignal): Promise<UserProfile> {
  return apiClient.get<UserProfile>(`/api/user/profile/${encodeURIComponent(id)}`, { signal });
}

export const userProfileQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['users', 'profile', id],
    queryFn: ({ signal }) => getUserProfile(id, signal),
  });

export function useUserProfile(id: string) {
  return useQuery(userProfileQueryOptions(id));
}
