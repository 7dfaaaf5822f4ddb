import { dataEnvelope } from '@l4l/shared/envelope';
import { type ProfilePhotoAnswer, profilePhotoAnswerSchema } from '@l4l/shared/schemas/uploads';
import { es } from '@l4l/shared/texts/es/profile';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { parseAnswer } from '../../../lib/parse-answer.ts';
import { uploadWithProgress } from '../../../lib/upload-with-progress.ts';
import { lawyerDetailQueryOptions } from './get-lawyer-detail.ts';
import { lawyerSheetQueryOptions } from './get-lawyer-sheet.ts';

/**
 * POST /api/lawyers/profile/photo `{id, image}` (a PNG data URL) → `{photoUrl}`, with the upload's progress
 * (0–100) for the avatar editor's bar.
 */
export async function uploadLawyerPhoto(
  id: string,
  image: string,
  onProgress?: (percent: number) => void,
): Promise<ProfilePhotoAnswer> {
  const body = await uploadWithProgress(
    '/api/lawyers/profile/photo',
    { json: { id, image } },
    { onProgress, fallbackMessage: es.profile.avatarFailed },
  );
  return parseAnswer(dataEnvelope(profilePhotoAnswerSchema), body).data;
}

export function useUploadLawyerPhoto(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ image, onProgress }: { image: string; onProgress?: (percent: number) => void }) =>
      uploadLawyerPhoto(id, image, onProgress),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: lawyerSheetQueryOptions(id).queryKey });
      void queryClient.invalidateQueries({ queryKey: lawyerDetailQueryOptions(id).queryKey });
    },
  });
}
