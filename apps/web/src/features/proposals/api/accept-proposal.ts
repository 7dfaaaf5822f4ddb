import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { parseLazily } from '../../../lib/parse-answer.ts';
import { paymentUrlSchema } from './schemas.ts';

/** POST /api/proposal/accept-proposal/{proposalId} → `{data: "<payment URL>"}` (docs/api/http.md, Proposals). */
export async function acceptProposal(proposalId: string): Promise<string> {
  return parseLazily(
    paymentUrlSchema,
    apiClient.post(`/api/proposal/accept-proposal/${encodeURIComponent(proposalId)}`),
  );
}

/** Nothing on screen changes until the payment is confirmed: the case becomes ACTIVO then. */
export function useAcceptProposal() {
  return useMutation({ mutationFn: acceptProposal });
}
