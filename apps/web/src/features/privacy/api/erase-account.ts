import type { EraseAccount } from '@l4l/shared/schemas/privacy';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { parseEmptyAnswer } from '../../../lib/empty-answer.ts';

/** DELETE /api/me with the password: the account is erased (docs/domain.md, Privacy rights). */
export async function eraseAccount(input: EraseAccount): Promise<void> {
  parseEmptyAnswer(await apiRequest('/api/me', { method: 'DELETE', body: input }));
}

export function useEraseAccount() {
  return useMutation({ mutationFn: eraseAccount });
}
