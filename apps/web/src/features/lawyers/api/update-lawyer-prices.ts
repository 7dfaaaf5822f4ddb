import type { LawyerPrices, LawyerSheet } from '@l4l/shared/schemas/lawyers';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { parseLazily } from '../../../lib/parse-answer.ts';
import { lawyerDetailQueryOptions } from './get-lawyer-detail.ts';
import { lawyerSheetQueryOptions } from './get-lawyer-sheet.ts';
import { lawyerSheetSchema } from './schemas.ts';

/** PUT /api/lawyers/profile/prices/{id} with `{priceHour, priceFirstVisit, isFirstVisitFree}` → the sheet. */
export function updateLawyerPrices(id: string, input: LawyerPrices): Promise<LawyerSheet> {
  return parseLazily(
    lawyerSheetSchema,
    apiClient.put(`/api/lawyers/profile/prices/${encodeURIComponent(id)}`, input),
  );
}

export function useUpdateLawyerPrices(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: LawyerPrices) => updateLawyerPrices(id, input),
    // the sheet is the answer; the public profile shows the prices too and is read again
    onSuccess: (saved) => {
      queryClient.setQueryData(lawyerSheetQueryOptions(id).queryKey, saved);
      return queryClient.invalidateQueries({ queryKey: lawyerDetailQueryOptions(id).queryKey });
    },
  });
}
