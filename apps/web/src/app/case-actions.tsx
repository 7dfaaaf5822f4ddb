import { isOpenProposal, type ProposalStatus } from '@l4l/shared/constants/proposals';
import type { Case } from '@l4l/shared/schemas/cases';
import type { Chat, ChatMessage } from '@l4l/shared/schemas/chat';
import { useQueryClient } from '@tanstack/react-query';
import { caseKeys } from '../features/cases/api/case-keys.ts';
import { caseQueryOptions, useCase } from '../features/cases/api/get-case.ts';
import { ClientOpenCases } from '../features/cases/components/client-open-cases.tsx';
import { ClosureRequestActions } from '../features/cases/components/closure-request-actions.tsx';
import type { ChatCaseActions } from '../features/chat/components/message-item.tsx';
import { ProposalAnswer } from '../features/proposals/components/proposal-answer.tsx';
import { CounterOfferAnswer, ProposalManage } from '../features/proposals/components/proposal-manage.tsx';
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

function ChatProposalAnswer({ message, canCounter }: { message: ChatMessage; canCounter: boolean }) {
  const queryClient = useQueryClient();
  return (
    <ProposalAnswer
      proposalId={message.proposalId}
      chatId={message.chatId}
      amount={message.proposalAmount}
      canCounter={canCounter}
      onRejected={(proposal) =>
        queryClient.invalidateQueries({ queryKey: caseQueryOptions(proposal.caseId).queryKey })
      }
    />
  );
}

/**
 * (+) A lawyer changed a proposal of theirs (a new price, withdrawn): every screen of the cases feature that
 * may show it (the case, Mis casos, the board with its counts) reads again; the chat follows the server's
 * messages.
 */
function useProposalChanged() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: caseKeys.all });
}

/**
 * (+) A lawyer's own open proposal, in the chat or on the case page: 'Cambiar precio' and 'Retirar' (or,
 * while the client pays it, a note that they are paying).
 */
function OwnProposal({ proposal }: { proposal: { id: string; price: number; status: ProposalStatus } }) {
  const onChanged = useProposalChanged();
  return (
    <ProposalManage
      proposalId={proposal.id}
      amount={proposal.price}
      status={proposal.status}
      onChanged={onChanged}
    />
  );
}

/** The lawyer's one click on a client's counter-offer: a proposal at the price asked. */
function ChatCounterOfferAnswer({ message }: { message: ChatMessage }) {
  const onChanged = useProposalChanged();
  if (!message.proposalId || message.proposalAmount === null) return null;
  return (
    <CounterOfferAnswer
      proposalId={message.proposalId}
      amount={message.proposalAmount}
      onChanged={onChanged}
    />
  );
}

/**
 * The actions in the chat's cards are the proposals', cases' and ratings' own (ChatCaseActions): the
 * client's answers, and (+) the lawyer's on their own proposal and on a counter-offer.
 */
export const chatCaseActions: ChatCaseActions = {
  proposal: (message, { canCounter }) => <ChatProposalAnswer message={message} canCounter={canCounter} />,
  ownProposal: ({ proposalId, proposalAmount, proposalStatus }) =>
    proposalId && proposalAmount !== null && proposalStatus ? (
      <OwnProposal proposal={{ id: proposalId, price: proposalAmount, status: proposalStatus }} />
    ) : null,
  counterOffer: (message) => <ChatCounterOfferAnswer message={message} />,
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

/**
 * The case page's proposal slot: 'Enviar propuesta' while the lawyer has no open proposal on the case;
 * (+) otherwise 'Cambiar precio' and 'Retirar' on it (or, while the client pays it, a note that they are
 * paying).
 */
export function CaseProposalSlot({ item }: { item: Pick<Case, 'id' | 'title' | 'myProposal'> }) {
  const mine = item.myProposal;
  if (!mine || !isOpenProposal(mine.status)) return <CaseProposalAction item={item} />;
  return <OwnProposal proposal={mine} />;
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
