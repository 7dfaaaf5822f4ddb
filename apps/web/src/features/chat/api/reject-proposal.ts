import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';

/** POST /api/proposal/reject-proposal/{proposalId}/{chatId}: the server posts a type-8 notice to both. */
export function rejectProposal(input: { proposalId: string; chatId: string }): Promise<unknown> {
  return apiClient.post<unknown>(
    `/api/proposal/reject-proposal/${encodeURIComponent(input.proposalId)}/${encodeURIComponent(input.chatId)}`,
  );
}

export function useRejectProposal() {
  return useMutation({ mutationFn: rejectProposal });
}
