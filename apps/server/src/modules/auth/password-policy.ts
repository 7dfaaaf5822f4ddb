import { readFileSync } from 'node:fs';
import { es } from '@l4l/shared/texts/es';
import { validationError } from '../../lib/app-error.ts';

/**
 * docs/domain.md, Password policy: the part the shared schema cannot carry to the browser: the 1,000 most common
 * passwords are refused, whatever their case ('Password1' is 'password1'). The list is a data file made
 * by scripts/common-passwords.mjs; `npm run build` copies it next to the bundle (scripts/build.mjs).
 */
const COMMON_PASSWORDS = new Set(
  readFileSync(new URL('./common-passwords.txt', import.meta.url), 'utf8')
    .split('\n')
    .filter((line) => line && !line.startsWith('#')),
);

export function isCommonPassword(password: string): boolean {
  return COMMON_PASSWORDS.has(password.toLowerCase());
}

/** 400 with the field's message when the password is one of the common ones. */
export function assertUncommonPassword(password: string, field: 'password' | 'newPassword'): void {
  if (isCommonPassword(password)) throw validationError({ [field]: es.validation.passwordCommon });
}
