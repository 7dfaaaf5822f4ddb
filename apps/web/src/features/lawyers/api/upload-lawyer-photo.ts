import { type ProfilePhotoAnswer, profilePhotoAnswerSchema } from '@l4l/shared/schemas/uploads';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { parseAnswer } from '../../../lib/parse-answer.ts';
import { lawyerDetailQueryOptions } from './get-lawyer-detail.ts';
import { lawyerSheetQueryOptions } from './get-lawyer-sheet.ts';

/** POST /api/lawyers/profile/photo `{id, image}` (a PNG data URL) → `{photoUrl}`. */
export async function uploadLawyerPhoto(id: string, image: string): Promise<ProfilePhotoAnswer> {
  return parseAnswer(
    profilePhotoAnswerSchema,
    await apiClient.post('/api/lawyers/profile/photo', { id, image }),
  );
}

export function useUploadLawyerPhoto(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (image: string) => uploadLawyerPhoto(id, image),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: lawyerSheetQueryOptions(id).queryKey });
      void queryClient.invalidateQueries({ queryKey: lawyerDetailQueryOptions(id).queryKey });
    },
  });
}
