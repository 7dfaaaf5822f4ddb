import { ROLE } from '@l4l/shared/constants/roles';
import type { LawyerRegistration } from '@l4l/shared/schemas/auth';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { registrationPayload } from './register-user.ts';

export type LawyerRegistrationInput = Omit<LawyerRegistration, 'remember'>;

/** POST /api/auth/lawyer/register → `{id}`; the lawyer starts unverified and cannot log in yet. */
export function registerLawyer(input: LawyerRegistrationInput): Promise<{ id: string }> {
  return apiClient.post<{ id: string }>(
    '/api/auth/lawyer/register',
    registrationPayload(input, ROLE.ABOGADO),
  );
}

export function useRegisterLawyer() {
  return useMutation({ mutationFn: registerLawyer });
}
