import { dataEnvelope } from '@l4l/shared/envelope';
import { caseDocumentSchema, DOCUMENT_FIELD } from '@l4l/shared/schemas/documents';
import { UPLOAD_FIELD, uploadAnswerSchema } from '@l4l/shared/schemas/uploads';
import { es } from '@l4l/shared/texts/es/app';
import { parseAnswer } from '../../../lib/parse-answer.ts';
import { uploadWithProgress } from '../../../lib/upload-with-progress.ts';

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
export async function uploadChatImage(
  file: File,
  options: { onProgress?: (percent: number) => void; signal?: AbortSignal } = {},
): Promise<string> {
  const form = new FormData();
  form.append(UPLOAD_FIELD, file, file.name);
  const body = await uploadWithProgress('/api/uploads', form, {
    ...options,
    fallbackMessage: es.chat.uploadFailed,
  });
  return parseAnswer(dataEnvelope(uploadAnswerSchema), body).data.imageUrl;
}

/** POST /api/cases/{caseId}/documents (docs/api/http.md, Case documents): the server posts the chat message. */
export async function uploadChatDocument(
  caseId: string,
  file: File,
  options: { onProgress?: (percent: number) => void; signal?: AbortSignal } = {},
): Promise<void> {
  const form = new FormData();
  form.append(DOCUMENT_FIELD, file, file.name);
  const body = await uploadWithProgress(`/api/cases/${caseId}/documents`, form, {
    ...options,
    fallbackMessage: es.chat.uploadFailed,
  });
  parseAnswer(dataEnvelope(caseDocumentSchema), body);
}
