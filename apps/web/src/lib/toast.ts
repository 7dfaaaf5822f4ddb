import { LIMITS } from '@l4l/shared/constants/limits';
import { toast } from 'sonner';

/**
 * The few toasts the spec times differently from the Toaster's 3000 ms default (spec §8): login
 * errors last 5000 ms, and the password-recovery answers also sit top-right.
 */
export const loginToast = {
  error: (message: string) => toast.error(message, { duration: LIMITS.loginToastMs }),
};

export const recoveryToast = {
  success: (message: string) =>
    toast.success(message, { duration: LIMITS.loginToastMs, position: 'top-right' }),
  error: (message: string) => toast.error(message, { duration: LIMITS.loginToastMs, position: 'top-right' }),
};
