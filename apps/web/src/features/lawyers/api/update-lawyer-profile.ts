import type { LawyerProfileUpdate, LawyerSheet } from '@l4l/shared/schemas/lawyers';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { lawyerSheetQueryOptions } from './get-lawyer-sheet.ts';

/** PUT /api/lawyers/profile/{id} (docs/api/http.md, Lawyers) → the saved sheet. */
export function updateLawyerProfile(id: string, input: LawyerProfileUpdate): Promise<LawyerSheet> {
  return apiClient.put<LawyerSheet>(`/api/lawyers/profile/${encodeURIComponent(id)}`, input);
}

export function useUpdateLawyerProfile(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: LawyerProfileUpdate) => updateLawyerProfile(id, input),
    onSuccess: (saved) => queryClient.setQueryData(lawyerSheetQueryOptions(id).queryKey, saved),
  });
}
