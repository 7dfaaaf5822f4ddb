import type { ProfilePhotoAnswer } from '@l4l/shared/schemas/uploads';
import { es } from '@l4l/shared/texts/es/profile';
import { lazyDataEnvelope, parseLazily } from '../../lib/parse-answer.ts';
import { type UploadOptions, uploadWithProgress } from '../../lib/upload-with-progress.ts';

// loaded beside the upload, zod with it: the profiles are drawn without them (ADR 0008)
const answerSchema = lazyDataEnvelope(() =>
  import('@l4l/shared/schemas/uploads').then((module) => module.profilePhotoAnswerSchema),
);

/**
 * An avatar the editor cropped, sent to a role's photo endpoint (`body` carries the PNG data URL) with its
 * progress; answers `{photoUrl}`, checked against the shared schema.
 */
export async function uploadAvatar(
  url: string,
  body: { id: string; image: string } & Record<string, string>,
  options: UploadOptions = {},
): Promise<ProfilePhotoAnswer> {
  const answer = uploadWithProgress(url, body, { ...options, fallbackMessage: es.profile.avatarFailed });
  return (await parseLazily(answerSchema, answer)).data;
}
