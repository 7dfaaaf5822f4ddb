import type { UpdatePassword } from '@l4l/shared/schemas/auth';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';

/** POST /api/auth/update-password: the reset link's token and the new password. */
export function updatePassword(input: UpdatePassword): Promise<void> {
  return apiClient.post<void>('/api/auth/update-password', input);
}

export function useUpdatePassword() {
  return useMutation({ mutationFn: updatePassword });
}
