import type { ChangePassword } from '@l4l/shared/schemas/auth';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { parseEmptyAnswer } from '../../../lib/empty-answer.ts';

/** POST /api/auth/change-password with the current and the new password (the profile's "Renovar contraseña"). */
export async function changePassword(input: ChangePassword): Promise<void> {
  parseEmptyAnswer(await apiClient.post('/api/auth/change-password', input));
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
