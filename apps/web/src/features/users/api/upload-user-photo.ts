import { type ProfilePhotoAnswer, profilePhotoAnswerSchema } from '@l4l/shared/schemas/uploads';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { parseAnswer } from '../../../lib/parse-answer.ts';
import { userProfileQueryOptions } from './get-user-profile.ts';

/** POST /api/user/profile/photo `{id, image, role}` (a PNG data URL) → `{photoUrl}`. */
export async function uploadUserPhoto(id: string, image: string): Promise<ProfilePhotoAnswer> {
  const answer = await apiClient.post('/api/user/profile/photo', { id, image, role: 'user' });
  return parseAnswer(profilePhotoAnswerSchema, answer);
}

export function useUploadUserPhoto(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (image: string) => uploadUserPhoto(id, image),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userProfileQueryOptions(id).queryKey }),
  });
}
