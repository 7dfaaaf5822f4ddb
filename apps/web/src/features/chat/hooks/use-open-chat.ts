import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { clearUnread } from '../lib/chat-cache.ts';

/**
 * The conversation on screen is the open chat (its messages are not counted unread), and once its newest
 * page has loaded — which marked the chat read on the server — the list of chats follows.
 */
export function useOpenChat(
  setOpenChat: (chatId: string | null) => void,
  history: { isSuccess: boolean; dataUpdatedAt: number },
  viewerId: string,
  chatId: string,
) {
  const queryClient = useQueryClient();
  useEffect(() => {
    setOpenChat(chatId);
    return () => setOpenChat(null);
  }, [chatId, setOpenChat]);

  const loadedAt = history.isSuccess ? history.dataUpdatedAt : 0;
  useEffect(() => {
    if (loadedAt > 0) clearUnread(queryClient, viewerId, chatId);
  }, [loadedAt, queryClient, viewerId, chatId]);
}
