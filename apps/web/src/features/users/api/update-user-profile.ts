import { type UserProfile, type UserProfileUpdate, userProfileSchema } from '@l4l/shared/schemas/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { parseAnswer } from '../../../lib/parse-answer.ts';
import { userProfileQueryOptions } from './get-user-profile.ts';

/** PUT /api/user/profile/{id} with `{name, surname, mail, phoneNumber}` → the saved profile. */
export async function updateUserProfile(id: string, input: UserProfileUpdate): Promise<UserProfile> {
  const answer = await apiClient.put(`/api/user/profile/${encodeURIComponent(id)}`, input);
  return parseAnswer(userProfileSchema, answer);
}

export function useUpdateUserProfile(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UserProfileUpdate) => updateUserProfile(id, input),
    // the answer is the saved profile: no need to ask for it again
    onSuccess: (saved) => queryClient.setQueryData(userProfileQueryOptions(id).queryKey, saved),
  });
}
