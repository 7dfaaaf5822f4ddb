import type { SignIn } from '@l4l/shared/schemas/auth';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { hasPersistentConsent } from '../../../lib/cookie-consent.ts';

/** POST /api/auth/google: the ID token from Google Identity Services, answered like a login. */
export function googleSignIn(credential: string): Promise<SignIn> {
  return apiClient.post<SignIn>('/api/auth/google', { credential, remember: hasPersistentConsent() });
}

export function useGoogleSignIn() {
  return useMutation({ mutationFn: googleSignIn });
}
