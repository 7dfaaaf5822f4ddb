import { LIMITS } from '@l4l/shared/constants/limits';
import type { ExternalToast } from 'sonner';

type Show = (message: string, options?: ExternalToast) => void;

/**
 * The app's toasts, with sonner's API. sonner itself (9 KiB gzipped) loads with its Toaster once the
 * browser is idle (app/providers.tsx), not in front of every screen that may raise a toast (ADR 0008); a
 * toast raised before it has loaded shows as soon as it has.
 */
function show(kind: 'success' | 'error' | 'info'): Show {
  return (message, options) => {
    import('sonner').then(
      (sonner) => sonner.toast[kind](message, options),
      () => {
        // no toast without its code (offline): the screen itself still shows what happened
      },
    );
  };
}

export const toast = { success: show('success'), error: show('error'), info: show('info') };

/**
 * The few toasts timed differently from the Toaster's 3000 ms default (docs/product.md, Messages): login
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
