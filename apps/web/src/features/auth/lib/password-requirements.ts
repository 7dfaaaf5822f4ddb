import { LIMITS } from '@l4l/shared/constants/limits';
import { es } from '@l4l/shared/texts/es/account';

/**
 * The password policy (docs/domain.md, Password policy) split into the lines a person can tick off while typing. Together they are
 * isStrongPassword from the shared schemas; a test keeps the two in step.
 */
export const PASSWORD_REQUIREMENTS = [
  { label: es.resetPassword.reqLength, met: (password: string) => password.length >= LIMITS.passwordMin },
  { label: es.resetPassword.reqUpper, met: (password: string) => /[A-ZÑ]/.test(password) },
  { label: es.resetPassword.reqLower, met: (password: string) => /[a-zñ]/.test(password) },
  { label: es.resetPassword.reqDigit, met: (password: string) => /\d/.test(password) },
] as const;
