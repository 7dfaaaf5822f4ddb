import { ROLE } from '@l4l/shared/constants/roles';
import type { ChatHistory, ChatHistoryQuery, ChatListItem } from '@l4l/shared/schemas/chat';
import { es } from '@l4l/shared/texts/es';
import { notFound } from '../../lib/app-error.ts';
import { type ChatActor, previewOf, sideOf, toChat, toChatMessage } from './chat.mapping.ts';
import type { ChatRepository, ChatRow, ChatSide } from './chat.repository.ts';

/** What a participant reads: their chats with the last message of each, and a chat's pages of messages. */
export function createChatInbox(deps: { repository: ChatRepository; feePercent: number }) {
  const { repository } = deps;
  return {
    /** The caller's chats, newest activity first, as the caller sees them. */
    async listChats(actor: ChatActor): Promise<ChatListItem[]> {
      if (actor.role !== ROLE.USUARIO && actor.role !== ROLE.ABOGADO) return [];
      const side: ChatSide = actor.role === ROLE.USUARIO ? 'user' : 'lawyer';
      const rows = await repository.listChatsOf(actor.id, side);
      const ids = rows.map((row) => row.id);
      const [last, unread] = await Promise.all([
        repository.lastMessages(ids, side),
        repository.unreadCounts(ids, actor.id, side),
      ]);
      const lastByChat = new Map(last.map((row) => [row.chatId, row]));
      const unreadByChat = new Map(unread.map((row) => [row.chatId, row.unread]));
      const activity = (row: ChatRow) => (lastByChat.get(row.id)?.createdAt ?? row.createdAt).getTime();
      return rows
        .sort((a, b) => activity(b) - activity(a))
        .map((row) => {
          const lastMessage = lastByChat.get(row.id);
          return {
            ...toChat(row),
            lastMessage: lastMessage ? previewOf(lastMessage.type, lastMessage.text) : null,
            lastMessageAt: lastMessage?.createdAt.toISOString() ?? null,
            unread: unreadByChat.get(row.id) ?? 0,
          };
        });
    },

    /**
     * The pair's chat and its messages oldest → newest, paging back with `before`; only the two
     * participants (anyone else 404, the chat's existence is not revealed). Reading the newest page marks
     * the chat read for the caller.
     */
    async history(actor: ChatActor, userId: string, lawyerId: string, query: ChatHistoryQuery) {
      const chat = await repository.findChatByPair(userId, lawyerId);
      const side = chat && sideOf(chat, actor.id);
      if (!chat || !side) throw notFound(es.chat.chatNotFound);
      const rows = await repository.history(chat.id, side, query);
      if (!query.before) await repository.markRead(chat.id, side);
      const answer: ChatHistory = {
        chat: toChat(chat),
        messages: rows.reverse().map((row) => toChatMessage(row, deps.feePercent)),
      };
      return answer;
    },
  };
}
