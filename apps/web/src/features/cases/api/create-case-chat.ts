import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';

export type CaseChatInput = { lawyerId: string; title: string; description: string };

/** POST /api/cases/create-case-chat: a case addressed to one lawyer, and the chat with them (API.md). */
export function createCaseChat(input: CaseChatInput): Promise<unknown> {
  return apiClient.post<unknown>('/api/cases/create-case-chat', input);
}

export function useCreateCaseChat() {
  return useMutation({ mutationFn: createCaseChat });
}
