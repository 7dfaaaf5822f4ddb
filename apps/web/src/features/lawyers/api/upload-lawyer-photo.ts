import type { ProfilePhotoAnswer } from '@l4l/shared/schemas/uploads';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { uploadAvatar } from '../../../components/avatar-editor/upload-avatar.ts';
import type { UploadOptions } from '../../../lib/upload-with-progress.ts';
import { lawyerDetailQueryOptions } from './get-lawyer-detail.ts';
import { lawyerSheetQueryOptions } from './get-lawyer-sheet.ts';

/** POST /api/lawyers/profile/photo `{id, image}` (a PNG data URL) → `{photoUrl}`, with its progress. */
export async function uploadLawyerPhoto(
  id: string,
  image: string,
  options: UploadOptions = {},
): Promise<ProfilePhotoAnswer> {
  return uploadAvatar('/api/lawyers/profile/photo', { id, image }, options);
}

export function useUploadLawyerPhoto(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { image: string; options?: UploadOptions }) =>
      uploadLawyerPhoto(id, input.image, input.options),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: lawyerSheetQueryOptions(id).queryKey });
      void queryClient.invalidateQueries({ queryKey: lawyerDetailQueryOptions(id).queryKey });
    },
  });
}
