import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { parseEmptyAnswer } from '../../../lib/empty-answer.ts';

/** POST /api/auth/recover-password?email=: answers 200 whether or not the mail exists (docs/api/http.md, Auth). */
export async function recoverPassword(email: string): Promise<void> {
  parseEmptyAnswer(await apiClient.post('/api/auth/recover-password', undefined, { query: { email } }));
}

export function useRecoverPassword() {
  return useMutation({ mutationFn: recoverPassword });
}
