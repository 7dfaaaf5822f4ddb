import type { UpdatePassword } from '@l4l/shared/schemas/auth';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { parseEmptyAnswer } from '../../../lib/empty-answer.ts';

/** POST /api/auth/update-password: the reset link's token and the new password. */
export async function updatePassword(input: UpdatePassword): Promise<void> {
  parseEmptyAnswer(await apiClient.post('/api/auth/update-password', input));
}

export function useUpdatePassword() {
  return useMutation({ mutationFn: updatePassword });
}
