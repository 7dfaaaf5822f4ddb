import { dataEnvelope } from '@l4l/shared/envelope';
import { type ProfilePhotoAnswer, profilePhotoAnswerSchema } from '@l4l/shared/schemas/uploads';
import { es } from '@l4l/shared/texts/es/profile';
import { parseAnswer } from '../../lib/parse-answer.ts';
import { type UploadOptions, uploadWithProgress } from '../../lib/upload-with-progress.ts';

/**
 * An avatar the editor cropped, sent to a role's photo endpoint (`body` carries the PNG data URL) with its
 * progress; answers `{photoUrl}`, checked against the shared schema.
 */
export async function uploadAvatar(
  url: string,
  body: { id: string; image: string } & Record<string, string>,
  options: UploadOptions = {},
): Promise<ProfilePhotoAnswer> {
  const answer = await uploadWithProgress(url, body, {
    ...options,
    fallbackMessage: es.profile.avatarFailed,
  });
  return parseAnswer(dataEnvelope(profilePhotoAnswerSchema), answer).data;
}
