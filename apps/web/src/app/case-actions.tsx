import type { Case } from '@l4l/shared/schemas/cases';
import type { Chat, ChatMessage } from '@l4l/shared/schemas/chat';
import { useQueryClient } from '@tanstack/react-query';
import { caseKeys } from '../features/cases/api/case-keys.ts';
import { caseQueryOptions, useCase } from '../features/cases/api/get-case.ts';
import { ClientOpenCases } from '../features/cases/components/client-open-cases.tsx';
import { ClosureRequestActions } from '../features/cases/components/closure-request-actions.tsx';
import type { ChatCaseActions } from '../features/chat/components/message-item.tsx';
import { ProposalAnswer } from '../features/proposals/components/proposal-answer.tsx';
import { ProposalModal } from '../features/proposals/components/proposal-modal.tsx';
import { RatingPrompt } from '../features/ratings/components/rating-prompt.tsx';

/**
 * The rating prompt of a finished case, wherever it shows (under the case, in the chat): whether it is
 * rated is the case's `ratingId`, and a new rating refreshes the case and its lists (the ratings feature
 * refreshes its own).
 */
export function CaseRatingPrompt({
  caseId,
  lawyerId,
  alreadyRated,
  embedded,
}: {
  caseId: string;
  lawyerId: string;
  alreadyRated: boolean;
  embedded?: boolean;
}) {
  const queryClient = useQueryClient();
  const onRated = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: caseQueryOptions(caseId).queryKey }),
      queryClient.invalidateQueries({ queryKey: caseKeys.lists() }),
    ]);
  return (
    <RatingPrompt
      caseId={caseId}
      lawyerId={lawyerId}
      alreadyRated={alreadyRated}
      onRated={onRated}
      embedded={embedded}
    />
  );
}

/** The chat's rating card (which has its own title) asks the case whether it is rated already (another device, the case screen). */
function ChatRatingPrompt({ caseId, lawyerId }: { caseId: string; lawyerId: string }) {
  const found = useCase(caseId);
  if (found.isPending) return null;
  return (
    <CaseRatingPrompt
      caseId={caseId}
      lawyerId={lawyerId}
      alreadyRated={Boolean(found.data?.ratingId)}
      embedded
    />
  );
}

function ChatProposalAnswer({ message }: { message: ChatMessage }) {
  const queryClient = useQueryClient();
  return (
    <ProposalAnswer
      proposalId={message.proposalId}
      chatId={message.chatId}
      amount={message.proposalAmount}
      onRejected={(proposal) =>
        queryClient.invalidateQueries({ queryKey: caseQueryOptions(proposal.caseId).queryKey })
      }
    />
  );
}

/** The client's actions in the chat's cards are the proposals', cases' and ratings' own (ChatCaseActions). */
export const chatCaseActions: ChatCaseActions = {
  proposal: (message) => <ChatProposalAnswer message={message} />,
  closureRequest: (message) => <ClosureRequestActions caseId={message.caseId} chatId={message.chatId} />,
  ratingPrompt: (message) =>
    message.caseId ? <ChatRatingPrompt caseId={message.caseId} lawyerId={message.lawyerId} /> : null,
};

/**
 * A lawyer's 'Enviar propuesta' on a case open to it (the case page, Mis casos, the chat): the proposals
 * feature's form; once sent, the case and the lists that show it are refreshed.
 */
export function CaseProposalAction({ item }: { item: Pick<Case, 'id' | 'title'> }) {
  const queryClient = useQueryClient();
  const onSent = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: caseKeys.detail(item.id) }),
      queryClient.invalidateQueries({ queryKey: caseKeys.lists() }),
    ]);
  return <ProposalModal caseId={item.id} caseTitle={item.title} onSent={onSent} />;
}

/** The lawyer's chat with a client: that client's open cases with them, each with 'Enviar propuesta'. */
export function chatCasesPanel(viewerId: string) {
  return (chat: Chat) =>
    chat.lawyerId === viewerId ? (
      <ClientOpenCases
        lawyerId={chat.lawyerId}
        clientId={chat.userId}
        proposalAction={(item) => <CaseProposalAction item={item} />}
      />
    ) : null;
}
