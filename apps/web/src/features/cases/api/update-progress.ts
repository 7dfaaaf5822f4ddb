import type { Case } from '@l4l/shared/schemas/cases';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { parseLazily } from '../../../lib/parse-answer.ts';
import { caseQueryOptions } from './get-case.ts';
import { caseSchema } from './schemas.ts';

/** PUT /api/cases/{caseId}/progress `{progressStep}`: the case's lawyer moves it forward (steps 3–6). */
export async function updateProgress(input: { caseId: string; progressStep: number }): Promise<Case> {
  return parseLazily(
    caseSchema,
    apiClient.put(`/api/cases/${encodeURIComponent(input.caseId)}/progress`, {
      progressStep: input.progressStep,
    }),
  );
}

export function useUpdateProgress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProgress,
    onSuccess: (saved) => queryClient.setQueryData(caseQueryOptions(saved.id).queryKey, saved),
  });
}
