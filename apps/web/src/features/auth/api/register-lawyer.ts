import { ROLE } from '@l4l/shared/constants/roles';
import type { LawyerRegistration } from '@l4l/shared/schemas/auth';
import { type CreatedId, createdIdSchema } from '@l4l/shared/schemas/common';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { parseAnswer } from '../../../lib/parse-answer.ts';
import { registrationPayload } from './register-user.ts';

export type LawyerRegistrationInput = Omit<LawyerRegistration, 'remember'>;

/** POST /api/auth/lawyer/register → `{id}`; the lawyer starts unverified and cannot log in yet. */
export async function registerLawyer(input: LawyerRegistrationInput): Promise<CreatedId> {
  const answer = await apiClient.post('/api/auth/lawyer/register', registrationPayload(input, ROLE.ABOGADO));
  return parseAnswer(createdIdSchema, answer);
}

export function useRegisterLawyer() {
  return useMutation({ mutationFn: registerLawyer });
}
