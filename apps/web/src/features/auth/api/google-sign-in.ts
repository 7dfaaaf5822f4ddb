import { type LoginAnswer, loginAnswerSchema } from '@l4l/shared/schemas/admin';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { hasPersistentConsent } from '../../../lib/cookie-consent.ts';
import { parseAnswer } from '../../../lib/parse-answer.ts';

/**
 * POST /api/auth/google: the ID token from Google Identity Services, answered like a login (an
 * administrator's answer asks for the second factor).
 */
export async function googleSignIn(credential: string): Promise<LoginAnswer> {
  const answer = await apiClient.post('/api/auth/google', { credential, remember: hasPersistentConsent() });
  return parseAnswer(loginAnswerSchema, answer);
}

export function useGoogleSignIn() {
  return useMutation({ mutationFn: googleSignIn });
}
