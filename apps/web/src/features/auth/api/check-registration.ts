import type { RegistrationCheck } from '@l4l/shared/schemas/auth';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { parseEmptyAnswer } from '../../../lib/empty-answer.ts';

/**
 * POST /api/auth/register/check `{mail, password}` → `{data: null}` when a registration would take them; a
 * 400 whose `fields` name a taken mail or a common password (docs/api/http.md, Auth).
 */
export async function checkRegistration(input: RegistrationCheck): Promise<void> {
  parseEmptyAnswer(await apiClient.post('/api/auth/register/check', input));
}

export function useCheckRegistration() {
  return useMutation({ mutationFn: checkRegistration });
}
