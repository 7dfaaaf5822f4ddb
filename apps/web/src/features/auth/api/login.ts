import { LIMITS } from '@l4l/shared/constants/limits';
import { type LoginAnswer, loginAnswerSchema, type MfaChallenge } from '@l4l/shared/schemas/admin';
import type { Login, SignIn } from '@l4l/shared/schemas/auth';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { hasPersistentConsent } from '../../../lib/cookie-consent.ts';
import { parseAnswer } from '../../../lib/parse-answer.ts';

export type LoginInput = Omit<Login, 'remember'>;

/** An administrator's correct password asks for the second factor instead of giving a session (docs/api/http.md, Auth). */
export function isMfaChallenge(answer: LoginAnswer | undefined): answer is MfaChallenge {
  return answer !== undefined && 'mfaRequired' in answer && answer.mfaRequired === true;
}

export function isSignIn(answer: LoginAnswer | undefined): answer is SignIn {
  return answer !== undefined && 'baseUser' in answer;
}

/**
 * POST /api/auth/login. `remember` asks for a persistent cookie, only with cookie consent (ADR 0003).
 * docs/domain.md, Limits: the login gives up after 10 s.
 */
export async function login(input: LoginInput): Promise<LoginAnswer> {
  const answer = await apiClient.post(
    '/api/auth/login',
    { ...input, remember: hasPersistentConsent() },
    { timeoutMs: LIMITS.loginTimeoutMs },
  );
  return parseAnswer(loginAnswerSchema, answer);
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
