import { MESSAGE_TYPE } from '@l4l/shared/constants/messages';
import type { ChatMessage } from '@l4l/shared/schemas/chat';
import { useMemo } from 'react';
import type { SessionUser } from '../../../lib/session.tsx';
import {
  counteredProposals,
  groupMessages,
  mergeMessages,
  settledClosureIds,
  settledProposalCards,
  visibleMessages,
} from '../lib/message-thread.ts';

/** What a conversation shows, worked out once per change of its pages (lib/message-thread.ts says how). */
export type Thread = ReturnType<typeof useThread>;

/**
 * The pages of a conversation's history (newest page first) as one thread: the messages its viewer sees,
 * oldest first, grouped by sender; which proposal and closure cards are settled or countered; and the pair's
 * latest paid (active) case, whose documents the chat attaches.
 */
export function useThread(
  pages: readonly { messages: ChatMessage[] }[] | undefined,
  role: SessionUser['role'],
) {
  const messages = useMemo(() => {
    const oldestFirst = [...(pages ?? [])]
      .reverse()
      .reduce((all, page) => mergeMessages(all, page.messages), [] as ChatMessage[]);
    return visibleMessages(oldestFirst, role);
  }, [pages, role]);
  return useMemo(
    () => ({
      messages,
      groups: groupMessages(messages),
      settledProposals: settledProposalCards(messages),
      settledClosures: settledClosureIds(messages),
      countered: counteredProposals(messages),
      activeCaseId:
        [...messages].reverse().find((message) => message.type === MESSAGE_TYPE.PROPOSAL_ACCEPTED)?.caseId ??
        null,
    }),
    [messages],
  );
}
