import type { MfaVerifyInput } from '@l4l/shared/schemas/admin';
import { type SignIn, signInSchema } from '@l4l/shared/schemas/auth';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { parseAnswer } from '../../../lib/parse-answer.ts';

/** POST /api/auth/mfa/verify {mfaToken, code}: an administrator's second step gives the session. */
export async function verifyMfa(input: MfaVerifyInput): Promise<SignIn> {
  return parseAnswer(signInSchema, await apiClient.post('/api/auth/mfa/verify', input));
}

export function useVerifyMfa() {
  return useMutation({ mutationFn: verifyMfa });
}
