import { confirmedMailSchema } from '@l4l/shared/schemas/auth';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { parseAnswer } from '../../../lib/parse-answer.ts';

/** POST /api/auth/verify-email?token=: the mailed link confirms the sign-in address; answers it. */
export async function verifyMail(token: string): Promise<{ mail: string }> {
  const answer = await apiClient.post('/api/auth/verify-email', undefined, { query: { token } });
  return parseAnswer(confirmedMailSchema, answer);
}

export function useVerifyMail(onVerified: (mail: string) => void) {
  return useMutation({ mutationFn: verifyMail, onSuccess: (answer) => onVerified(answer.mail) });
}
