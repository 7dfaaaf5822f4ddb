import { LIMITS } from '@l4l/shared/constants/limits';
import { ERROR_MESSAGES } from '@l4l/shared/texts/errors';

/** spec §5: profile photos are png or jpeg (API.md: at most 5 MiB). */
export const IMAGE_TYPES = ['image/png', 'image/jpeg'];

/** Why a picked file cannot be a profile photo, or null when it can. */
export function imageFileProblem(file: File): string | null {
  if (!IMAGE_TYPES.includes(file.type)) return ERROR_MESSAGES.UNSUPPORTED_MEDIA_TYPE;
  if (file.size > LIMITS.imageMaxBytes) return ERROR_MESSAGES.PAYLOAD_TOO_LARGE;
  return null;
}

export function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}
