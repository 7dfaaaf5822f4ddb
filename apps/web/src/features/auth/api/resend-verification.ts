import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { parseEmptyAnswer } from '../../../lib/empty-answer.ts';

/** POST /api/auth/verify-email/resend: a new verification link to the caller's address (3 an hour). */
export async function resendVerification(): Promise<void> {
  parseEmptyAnswer(await apiClient.post('/api/auth/verify-email/resend'));
}

export function useResendVerification() {
  return useMutation({ mutationFn: resendVerification });
}
