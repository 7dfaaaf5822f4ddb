import { type CaseChatInput, caseSchema } from '@l4l/shared/schemas/cases';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiClient } from '../../../lib/api-client.ts';
import { parseAnswer } from '../../../lib/parse-answer.ts';
import { caseKeys } from './case-keys.ts';

const caseChatAnswerSchema = z.object({ case: caseSchema, chatId: z.string() });
export type CaseChatAnswer = z.infer<typeof caseChatAnswerSchema>;

/** POST /api/cases/create-case-chat: a case addressed to one lawyer, and the chat with them (docs/api/http.md, Cases). */
export async function createCaseChat(input: CaseChatInput): Promise<CaseChatAnswer> {
  return parseAnswer(caseChatAnswerSchema, await apiClient.post('/api/cases/create-case-chat', input));
}

export function useCreateCaseChat() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCaseChat,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: caseKeys.lists() }),
  });
}
