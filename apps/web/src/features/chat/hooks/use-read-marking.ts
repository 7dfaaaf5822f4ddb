import type { ChatMessage } from '@l4l/shared/schemas/chat';
import { useEffect } from 'react';

type Connection = {
  state: string;
  readUpTo: (chatId: string, messageId: string) => void;
};

/**
 * The other participant's newest message on screen is marked read, so they see 'Leído'
 * (docs/api/stomp.md, Destinations: `/app/read`), once the connection is up.
 */
export function useReadMarking(
  connection: Connection,
  chatId: string,
  messages: readonly ChatMessage[],
  viewerId: string,
) {
  const { readUpTo, state } = connection;
  const newestFromOther = [...messages]
    .reverse()
    .find((message) => message.senderId !== null && message.senderId !== viewerId);
  const unreadFromOther = newestFromOther && !newestFromOther.readAt ? newestFromOther.id : null;
  useEffect(() => {
    if (unreadFromOther && state === 'connected') readUpTo(chatId, unreadFromOther);
  }, [unreadFromOther, state, readUpTo, chatId]);
}
