import type { LoginAnswer } from '@l4l/shared/schemas/admin';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { hasPersistentConsent } from '../../../lib/cookie-consent.ts';

/**
 * POST /api/auth/google: the ID token from Google Identity Services, answered like a login (an
 * administrator's answer asks for the second factor).
 */
export function googleSignIn(credential: string): Promise<LoginAnswer> {
  return apiClient.post<LoginAnswer>('/api/auth/google', { credential, remember: hasPersistentConsent() });
}

export function useGoogleSignIn() {
  return useMutation({ mutationFn: googleSignIn });
}
