import type {
  CounterOfferInput,
  DeclineCounterInput,
  Proposal,
  ReplaceProposalInput,
} from '@l4l/shared/schemas/cases';
import type { ChatMessage } from '@l4l/shared/schemas/chat';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { parseLazily } from '../../../lib/parse-answer.ts';
import { chatMessageSchema, proposalSchema } from './schemas.ts';

/**
 * (+) What changes an open proposal (docs/api/http.md, Proposals): its lawyer withdraws it or replaces it
 * with a new price; its client asks for a new price (a counter-offer). 409 while the client is paying it.
 * The screens that show the case refresh themselves through the `onDone` app/ passes in (features do not
 * share query keys); the chat follows the messages the server writes.
 */
const proposalPath = (
  proposalId: string,
  action: 'withdraw' | 'replace' | 'counter-offer' | 'decline-counter-offer',
) => `/api/proposal/${encodeURIComponent(proposalId)}/${action}`;

/** POST /api/proposal/{proposalId}/withdraw → the proposal, RETIRADA. */
export async function withdrawProposal(proposalId: string): Promise<Proposal> {
  return parseLazily(proposalSchema, apiClient.post(proposalPath(proposalId, 'withdraw')));
}

/** POST /api/proposal/{proposalId}/replace `{price, message?}` → the new proposal (the old one SUSTITUIDA). */
export async function replaceProposal(proposalId: string, input: ReplaceProposalInput): Promise<Proposal> {
  return parseLazily(proposalSchema, apiClient.post(proposalPath(proposalId, 'replace'), input));
}

/** POST /api/proposal/{proposalId}/counter-offer `{price, message?}` → the counter-offer's chat message. */
export async function counterOffer(proposalId: string, input: CounterOfferInput): Promise<ChatMessage> {
  return parseLazily(chatMessageSchema, apiClient.post(proposalPath(proposalId, 'counter-offer'), input));
}

/** (+) POST /api/proposal/{proposalId}/decline-counter-offer `{message?}` → the proposal, its price kept. */
export async function declineCounterOffer(proposalId: string, input: DeclineCounterInput): Promise<Proposal> {
  return parseLazily(
    proposalSchema,
    apiClient.post(proposalPath(proposalId, 'decline-counter-offer'), input),
  );
}

export function useDeclineCounterOffer(proposalId: string, onDone?: (proposal: Proposal) => unknown) {
  return useMutation({
    mutationFn: (input: DeclineCounterInput) => declineCounterOffer(proposalId, input),
    onSuccess: onDone,
  });
}

export function useWithdrawProposal(onDone?: (proposal: Proposal) => unknown) {
  return useMutation({ mutationFn: withdrawProposal, onSuccess: onDone });
}

export function useReplaceProposal(proposalId: string, onDone?: (proposal: Proposal) => unknown) {
  return useMutation({
    mutationFn: (input: ReplaceProposalInput) => replaceProposal(proposalId, input),
    onSuccess: onDone,
  });
}

export function useCounterOffer(proposalId: string) {
  return useMutation({ mutationFn: (input: CounterOfferInput) => counterOffer(proposalId, input) });
}
