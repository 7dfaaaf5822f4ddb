import type { UserProfile, UserProfileUpdate } from '@l4l/shared/schemas/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { parseLazily } from '../../../lib/parse-answer.ts';
import { userProfileQueryOptions, userProfileSchema } from './get-user-profile.ts';

/** PUT /api/user/profile/{id} with `{name, surname, mail, phoneNumber}` → the saved profile. */
export function updateUserProfile(id: string, input: UserProfileUpdate): Promise<UserProfile> {
  return parseLazily(userProfileSchema, apiClient.put(`/api/user/profile/${encodeURIComponent(id)}`, input));
}

export function useUpdateUserProfile(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UserProfileUpdate) => updateUserProfile(id, input),
    // the answer is the saved profile: no need to ask for it again
    onSuccess: (saved) => queryClient.setQueryData(userProfileQueryOptions(id).queryKey, saved),
  });
}
