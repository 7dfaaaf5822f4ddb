import type { ChangePassword } from '@l4l/shared/schemas/auth';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';

/** POST /api/auth/change-password with the current and the new password (the profile's "Renovar contraseña"). */
export function changePassword(input: ChangePassword): Promise<void> {
  return apiClient.post<void>('/api/auth/change-password', input);
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
