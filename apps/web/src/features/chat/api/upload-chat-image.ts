import { dataEnvelope } from '@l4l/shared/envelope';
import { UPLOAD_FIELD, uploadAnswerSchema } from '@l4l/shared/schemas/uploads';
import { es } from '@l4l/shared/texts/es/app';
import { useMutation } from '@tanstack/react-query';
import { ApiError, errorFromAnswer, NETWORK_ERROR } from '../../../lib/api-client.ts';
import { parseAnswer } from '../../../lib/parse-answer.ts';

/** docs/product.md, Private chat: the chat attaches only jpeg, png and jpg images. */
export const CHAT_IMAGE_TYPES = ['image/jpeg', 'image/png'] as const;
export const CHAT_IMAGE_ACCEPT = '.jpg,.jpeg,.png,image/jpeg,image/png';

export function isChatImage(file: File): boolean {
  return (CHAT_IMAGE_TYPES as readonly string[]).includes(file.type) || /\.(jpe?g|png)$/i.test(file.name);
}

/**
 * POST /api/uploads, multipart field `file` → `{imageUrl}` (docs/api/http.md, Uploads). Multipart, so not through the JSON
 * api-client; the session cookie goes along as with every same-origin call (ADR 0003).
 */
export async function uploadChatImage(file: File): Promise<string> {
  const form = new FormData();
  form.append(UPLOAD_FIELD, file, file.name);
  let response: Response;
  try {
    response = await fetch('/api/uploads', {
      method: 'POST',
      body: form,
      credentials: 'same-origin',
      headers: { Accept: 'application/json' },
    });
  } catch {
    throw new ApiError({ status: 0, code: NETWORK_ERROR, message: es.chat.uploadFailed });
  }
  const body: unknown = await response.json().catch(() => undefined);
  if (!response.ok) throw errorFromAnswer(response.status, body, es.chat.uploadFailed);
  return parseAnswer(dataEnvelope(uploadAnswerSchema), body).data.imageUrl;
}

export function useUploadChatImage() {
  return useMutation({ mutationFn: uploadChatImage });
}
