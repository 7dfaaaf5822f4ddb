import { paymentUrlSchema } from '@l4l/shared/schemas/cases';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { parseAnswer } from '../../../lib/parse-answer.ts';

/** POST /api/proposal/accept-proposal/{proposalId} → `{data: "<payment URL>"}` (docs/api/http.md, Proposals). */
export async function acceptProposal(proposalId: string): Promise<string> {
  const answer = await apiClient.post(`/api/proposal/accept-proposal/${encodeURIComponent(proposalId)}`);
  return parseAnswer(paymentUrlSchema, answer);
}

/** Nothing on screen changes until the payment is confirmed: the case becomes ACTIVO then. */
export function useAcceptProposal() {
  return useMutation({ mutationFn: acceptProposal });
}
