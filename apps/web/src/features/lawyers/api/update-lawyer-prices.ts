import type { LawyerPrices, LawyerSheet } from '@l4l/shared/schemas/lawyers';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { lawyerSheetQueryOptions } from './get-lawyer-sheet.ts';

/** PUT /api/lawyers/profile/prices/{id} with `{priceHour, priceFirstVisit, isFirstVisitFree}` → the sheet. */
export function updateLawyerPrices(id: string, input: LawyerPrices): Promise<LawyerSheet> {
  return apiClient.put<LawyerSheet>(`/api/lawyers/profile/prices/${encodeURIComponent(id)}`, input);
}

export function useUpdateLawyerPrices(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: LawyerPrices) => updateLawyerPrices(id, input),
    onSuccess: (saved) => queryClient.setQueryData(lawyerSheetQueryOptions(id).queryKey, saved),
  });
}
