import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';

/** POST /api/auth/confirm-email-change?token= (+): the new sign-in mail takes effect; answers it. */
export function confirmMailChange(token: string): Promise<{ mail: string }> {
  return apiClient.post<{ mail: string }>(
    `/api/auth/confirm-email-change?token=${encodeURIComponent(token)}`,
  );
}

export function useConfirmMailChange() {
  return useMutation({ mutationFn: confirmMailChange });
}
