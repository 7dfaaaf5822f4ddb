import { ROLE } from '@l4l/shared/constants/roles';
import { type UserRegistration, usernameOf } from '@l4l/shared/schemas/auth';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';

export type UserRegistrationInput = Omit<UserRegistration, 'remember'>;

/** The first web client's registration form also carries the role, the username (name + surname) and an empty id. */
export function registrationPayload<T extends UserRegistrationInput>(input: T, role: string) {
  return { ...input, role, username: usernameOf(input.name, input.surname), id: '' };
}

/** POST /api/auth/user/register → `{id}`; 409 USER_EXISTS. */
export function registerUser(input: UserRegistrationInput): Promise<{ id: string }> {
  return apiClient.post<{ id: string }>('/api/auth/user/register', registrationPayload(input, ROLE.USUARIO));
}

export function useRegisterUser() {
  return useMutation({ mutationFn: registerUser });
}
