import { type UserProfile, userProfileSchema } from '@l4l/shared/schemas/auth';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { parseAnswer } from '../../../lib/parse-answer.ts';

/** GET /api/user/profile/{id} (self or admin). */
export async function getUserProfile(id: string, signal?: AbortSignal): Promise<UserProfile> {
  const answer = await apiClient.get(`/api/user/profile/${encodeURIComponent(id)}`, { signal });
  return parseAnswer(userProfileSchema, answer);
}

export const userProfileQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['users', 'profile', id],
    queryFn: ({ signal }) => getUserProfile(id, signal),
  });

export function useUserProfile(id: string) {
  return useQuery(userProfileQueryOptions(id));
}
