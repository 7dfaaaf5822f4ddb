import type { MfaVerifyInput } from '@l4l/shared/schemas/admin';
import type { SignIn } from '@l4l/shared/schemas/auth';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';

/** POST /api/auth/mfa/verify {mfaToken, code}: an administrator's second step gives the session. */
export function verifyMfa(input: MfaVerifyInput): Promise<SignIn> {
  return apiClient.post<SignIn>('/api/auth/mfa/verify', input);
}

export function useVerifyMfa() {
  return useMutation({ mutationFn: verifyMfa });
}
