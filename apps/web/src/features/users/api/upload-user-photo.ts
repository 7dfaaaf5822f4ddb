import type { ProfilePhotoAnswer } from '@l4l/shared/schemas/uploads';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { uploadAvatar } from '../../../components/avatar-editor/upload-avatar.ts';
import type { UploadOptions } from '../../../lib/upload-with-progress.ts';
import { userProfileQueryOptions } from './get-user-profile.ts';

/** POST /api/user/profile/photo `{id, image, role}` (a PNG data URL) → `{photoUrl}`, with its progress. */
export async function uploadUserPhoto(
  id: string,
  image: string,
  options: UploadOptions = {},
): Promise<ProfilePhotoAnswer> {
  return uploadAvatar('/api/user/profile/photo', { id, image, role: 'user' }, options);
}

export function useUploadUserPhoto(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { image: string; options?: UploadOptions }) =>
      uploadUserPhoto(id, input.image, input.options),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userProfileQueryOptions(id).queryKey }),
  });
}
