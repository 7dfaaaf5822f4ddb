import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { apiClient } from '../../../lib/api-client.ts';
import { parseAnswer } from '../../../lib/parse-answer.ts';

/** POST /api/proposal/accept-proposal/{proposalId} → `{data: "<payment URL>"}` (docs/api/http.md, Proposals). */
export async function acceptProposal(proposalId: string): Promise<string> {
  const answer = await apiClient.post<unknown>(
    `/api/proposal/accept-proposal/${encodeURIComponent(proposalId)}`,
  );
  return parseAnswer(z.string().min(1), answer);
}

export function useAcceptProposal() {
  return useMutation({ mutationFn: acceptProposal });
}
