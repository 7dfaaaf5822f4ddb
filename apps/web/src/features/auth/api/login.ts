import { LIMITS } from '@l4l/shared/constants/limits';
import type { Login, SignIn } from '@l4l/shared/schemas/auth';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { hasPersistentConsent } from '../../../lib/cookie-consent.ts';

export type LoginInput = Omit<Login, 'remember'>;

/**
 * POST /api/auth/login. `remember` asks for a persistent cookie, only with cookie consent (ADR 0003).
 * spec §9: the login gives up after 10 s.
 */
export function login(input: LoginInput): Promise<SignIn> {
  return apiClient.post<SignIn>(
    '/api/auth/login',
    { ...input, remember: hasPersistentConsent() },
    { timeoutMs: LIMITS.loginTimeoutMs },
  );
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
