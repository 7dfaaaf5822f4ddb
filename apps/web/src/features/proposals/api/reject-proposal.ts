import type { Proposal } from '@l4l/shared/schemas/cases';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { parseLazily } from '../../../lib/parse-answer.ts';
import { proposalSchema } from './schemas.ts';

/** POST /api/proposal/reject-proposal/{proposalId}/{chatId} `{reason?}` → the proposal; a type-8 notice goes to both. */
export async function rejectProposal(input: {
  proposalId: string;
  chatId: string;
  /** the client's optional reason, for the lawyer */
  reason?: string;
}): Promise<Proposal> {
  const path = `/api/proposal/reject-proposal/${encodeURIComponent(input.proposalId)}/${encodeURIComponent(input.chatId)}`;
  return parseLazily(proposalSchema, apiClient.post(path, input.reason ? { reason: input.reason } : {}));
}

/**
 * `onRejected` is how the screen that composes the buttons refreshes what shows the case (its pending
 * proposals): features do not share query keys, app/ passes them in.
 */
export function useRejectProposal(onRejected?: (proposal: Proposal) => unknown) {
  return useMutation({ mutationFn: rejectProposal, onSuccess: onRejected });
}
