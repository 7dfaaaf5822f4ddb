import { confirmedMailSchema } from '@l4l/shared/schemas/auth';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { parseAnswer } from '../../../lib/parse-answer.ts';

/** POST /api/auth/confirm-email-change?token= (+): the new sign-in mail takes effect; answers it. */
export async function confirmMailChange(token: string): Promise<{ mail: string }> {
  const answer = await apiClient.post(`/api/auth/confirm-email-change?token=${encodeURIComponent(token)}`);
  return parseAnswer(confirmedMailSchema, answer);
}

export function useConfirmMailChange() {
  return useMutation({ mutationFn: confirmMailChange });
}
