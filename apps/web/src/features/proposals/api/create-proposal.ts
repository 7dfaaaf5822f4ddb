import { type Proposal, type ProposalInput, proposalSchema } from '@l4l/shared/schemas/cases';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { parseAnswer } from '../../../lib/parse-answer.ts';

/**
 * POST /api/proposal/create-proposal-to-case/{caseId} `{price, message}` → the proposal (docs/api/http.md, Proposals); 409
 * when the lawyer already has a pending one on the case. The board that lists the case refreshes itself
 * through the `onSent` its screen passes (features do not share query keys).
 */
export async function createProposal(caseId: string, input: ProposalInput): Promise<Proposal> {
  return parseAnswer(
    proposalSchema,
    await apiClient.post(`/api/proposal/create-proposal-to-case/${encodeURIComponent(caseId)}`, input),
  );
}

export function useCreateProposal(caseId: string) {
  return useMutation({ mutationFn: (input: ProposalInput) => createProposal(caseId, input) });
}
