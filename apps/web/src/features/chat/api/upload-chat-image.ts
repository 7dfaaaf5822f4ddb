import { UPLOAD_FIELD } from '@l4l/shared/constants/uploads';
import { es } from '@l4l/shared/texts/es/app';
import { lazyDataEnvelope, parseLazily } from '../../../lib/parse-answer.ts';
import { type UploadOptions, uploadWithProgress } from '../../../lib/upload-with-progress.ts';

// loaded beside the upload, zod with it: the composer is drawn without them (ADR 0008)
const answerSchema = lazyDataEnvelope(() =>
  import('@l4l/shared/schemas/uploads').then((module) => module.uploadAnswerSchema),
);

/** docs/product.md, Private chat: the chat attaches only jpeg, png and jpg images. */
export const CHAT_IMAGE_TYPES = ['image/jpeg', 'image/png'] as const;
export const CHAT_IMAGE_ACCEPT = '.jpg,.jpeg,.png,image/jpeg,image/png';

export function isChatImage(file: File): boolean {
  return (CHAT_IMAGE_TYPES as readonly string[]).includes(file.type) || /\.(jpe?g|png)$/i.test(file.name);
}

/**
 * POST /api/uploads, multipart field `file` → `{imageUrl}` (docs/api/http.md, Uploads). Multipart, so not
 * through the JSON api-client; sent with progress (lib/upload-with-progress.ts) and the session cookie
 * (ADR 0003).
 */
export async function uploadChatImage(file: File, options: UploadOptions = {}): Promise<string> {
  const form = new FormData();
  form.append(UPLOAD_FIELD, file, file.name);
  const body = uploadWithProgress('/api/uploads', form, {
    ...options,
    fallbackMessage: es.chat.uploadFailed,
  });
  return (await parseLazily(answerSchema, body)).data.imageUrl;
}
