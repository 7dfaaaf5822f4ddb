import type { LawyerProfileUpdate, LawyerSheet } from '@l4l/shared/schemas/lawyers';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { parseLazily } from '../../../lib/parse-answer.ts';
import { lawyerDetailQueryOptions } from './get-lawyer-detail.ts';
import { lawyerSheetQueryOptions } from './get-lawyer-sheet.ts';
import { lawyerSheetSchema } from './schemas.ts';

/** PUT /api/lawyers/profile/{id} (docs/api/http.md, Lawyers) → the saved sheet. */
export function updateLawyerProfile(id: string, input: LawyerProfileUpdate): Promise<LawyerSheet> {
  return parseLazily(
    lawyerSheetSchema,
    apiClient.put(`/api/lawyers/profile/${encodeURIComponent(id)}`, input),
  );
}

export function useUpdateLawyerProfile(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: LawyerProfileUpdate) => updateLawyerProfile(id, input),
    // the sheet is the answer; the public profile shows the same person and is read again
    onSuccess: (saved) => {
      queryClient.setQueryData(lawyerSheetQueryOptions(id).queryKey, saved);
      return queryClient.invalidateQueries({ queryKey: lawyerDetailQueryOptions(id).queryKey });
    },
  });
}
