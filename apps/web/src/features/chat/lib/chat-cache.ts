import type { ChatHistory, ChatListItem, ChatMessage, ReadPush } from '@l4l/shared/schemas/chat';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { chatHistoryQueryOptions } from '../api/get-chat-history.ts';
import { chatsQueryOptions } from '../api/get-chats.ts';
import { followsUpProposal, mergeMessages, previewOf } from './message-thread.ts';

/** Every chat query (list, histories, presence) starts with this key: a reconnect refetches them all. */
export const CHAT_QUERY_ROOT = ['chat'] as const;

/**
 * A message from the socket, written into what the screens show: appended to its conversation (when
 * loaded) and reflected in the chat list (last message, date, unread, order). A proposal's follow-up
 * has the conversation read again, so its card shows the status the server holds now. Returns false when
 * the list does not know the chat yet, so the caller refetches it.
 */
export function applyIncomingMessage(
  queryClient: QueryClient,
  viewerId: string,
  message: ChatMessage,
  openChatId: string | null,
): boolean {
  const history = chatHistoryQueryOptions(message.userId, message.lawyerId).queryKey;
  queryClient.setQueryData<InfiniteData<ChatHistory, string | undefined>>(history, (data) => {
    const newest = data?.pages[0];
    if (!data || !newest) return data;
    return {
      ...data,
      pages: [{ ...newest, messages: mergeMessages(newest.messages, [message]) }, ...data.pages.slice(1)],
    };
  });
  if (followsUpProposal(message)) void queryClient.invalidateQueries({ queryKey: history, exact: true });

  let known = false;
  queryClient.setQueryData<ChatListItem[]>(chatsQueryOptions(viewerId).queryKey, (list) => {
    if (!list) return list;
    const item = list.find((chat) => chat.id === message.chatId);
    if (!item) return list;
    known = true;
    const fromOther = message.senderId !== viewerId;
    const updated: ChatListItem = {
      ...item,
      lastMessage: previewOf(message),
      lastMessageAt: message.timestamp,
      unread: fromOther && message.chatId !== openChatId ? item.unread + 1 : item.unread,
    };
    return [updated, ...list.filter((chat) => chat.id !== message.chatId)];
  });
  return known;
}

/** The person opened (and so read) a chat. */
export function clearUnread(queryClient: QueryClient, viewerId: string, chatId: string): void {
  queryClient.setQueryData<ChatListItem[]>(chatsQueryOptions(viewerId).queryKey, (list) =>
    list?.map((chat) => (chat.id === chatId && chat.unread > 0 ? { ...chat, unread: 0 } : chat)),
  );
}

/**
 * (+) The other participant read the chat up to a message (SEND /app/read on their side): the viewer's own
 * messages there up to it show 'Leído' with the time, without reading the history again.
 */
export function applyReadReceipt(queryClient: QueryClient, viewerId: string, push: ReadPush): void {
  queryClient.setQueriesData<InfiniteData<ChatHistory, string | undefined>>(
    { queryKey: CHAT_QUERY_ROOT },
    (data) => {
      if (!data || !Array.isArray(data.pages) || data.pages[0]?.chat.id !== push.chatId) return data;
      const upTo = data.pages.flatMap((page) => page.messages).find((message) => message.id === push.upTo);
      const limit = upTo ? Date.parse(upTo.timestamp) : Number.POSITIVE_INFINITY;
      return {
        ...data,
        pages: data.pages.map((page) => ({
          ...page,
          messages: page.messages.map((message) =>
            message.senderId === viewerId && !message.readAt && Date.parse(message.timestamp) <= limit
              ? { ...message, readAt: push.readAt }
              : message,
          ),
        })),
      };
    },
  );
}
