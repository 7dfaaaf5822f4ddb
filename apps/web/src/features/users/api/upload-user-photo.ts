import { dataEnvelope } from '@l4l/shared/envelope';
import { type ProfilePhotoAnswer, profilePhotoAnswerSchema } from '@l4l/shared/schemas/uploads';
import { es } from '@l4l/shared/texts/es/profile';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { parseAnswer } from '../../../lib/parse-answer.ts';
import { uploadWithProgress } from '../../../lib/upload-with-progress.ts';
import { userProfileQueryOptions } from './get-user-profile.ts';

/**
 * POST /api/user/profile/photo `{id, image, role}` (a PNG data URL) → `{photoUrl}`, with the upload's
 * progress (0–100) for the avatar editor's bar.
 */
export async function uploadUserPhoto(
  id: string,
  image: string,
  onProgress?: (percent: number) => void,
): Promise<ProfilePhotoAnswer> {
  const body = await uploadWithProgress(
    '/api/user/profile/photo',
    { json: { id, image, role: 'user' } },
    { onProgress, fallbackMessage: es.profile.avatarFailed },
  );
  return parseAnswer(dataEnvelope(profilePhotoAnswerSchema), body).data;
}

export function useUploadUserPhoto(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ image, onProgress }: { image: string; onProgress?: (percent: number) => void }) =>
      uploadUserPhoto(id, image, onProgress),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userProfileQueryOptions(id).queryKey }),
  });
}
