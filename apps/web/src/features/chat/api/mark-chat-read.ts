import { apiClient } from '../../../lib/api-client.ts';
import { parseEmptyAnswer } from '../../../lib/empty-answer.ts';

/** POST /api/chat/{chatId}/read (+): a message arrived in the conversation the person has open. */
export async function markChatRead(chatId: string): Promise<void> {
  parseEmptyAnswer(await apiClient.post(`/api/chat/${encodeURIComponent(chatId)}/read`));
}
