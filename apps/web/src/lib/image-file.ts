import { LIMITS } from '@l4l/shared/constants/limits';
import { ERROR_MESSAGES } from '@l4l/shared/texts/errors';

/** docs/domain.md, Validation rules: profile photos are png or jpeg, at most 5 MiB. */
export const IMAGE_TYPES = ['image/png', 'image/jpeg'];

/** Why a picked file cannot be a profile photo, or null when it can. */
function imageFileProblem(file: File): string | null {
  if (!IMAGE_TYPES.includes(file.type)) return ERROR_MESSAGES.UNSUPPORTED_MEDIA_TYPE;
  if (file.size > LIMITS.imageMaxBytes) return ERROR_MESSAGES.PAYLOAD_TOO_LARGE;
  return null;
}

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}

/**
 * The photo a file input was just given, as a data URL, or undefined when none was picked or it cannot be
 * a profile photo; `onProblem` hears why (null when fine). The input is emptied, so picking the same file
 * again is a change too.
 */
export async function pickedPhoto(
  input: HTMLInputElement,
  onProblem: (problem: string | null) => void,
): Promise<string | undefined> {
  const file = input.files?.[0];
  input.value = '';
  if (!file) return undefined;
  const problem = imageFileProblem(file);
  onProblem(problem);
  return problem ? undefined : readAsDataUrl(file);
}
