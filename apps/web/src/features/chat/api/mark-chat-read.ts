import { apiClient } from '../../../lib/api-client.ts';

/** POST /api/chat/{chatId}/read (+): a message arrived in the conversation the person has open. */
export function markChatRead(chatId: string): Promise<void> {
  return apiClient.post<void>(`/api/chat/${encodeURIComponent(chatId)}/read`);
}
