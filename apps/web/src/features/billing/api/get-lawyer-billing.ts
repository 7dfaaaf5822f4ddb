import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { parseAnswer } from '../../../lib/parse-answer.ts';
import { billingPageSchema } from './get-user-billing.ts';

/** GET /api/transaccion/getLawyerTransaccion/{id}: what a lawyer earns (amount less the fee), newest first. */
export async function getLawyerBilling(lawyerId: string, page: number, signal?: AbortSignal) {
  const answer = await apiClient.getPage(
    `/api/transaccion/getLawyerTransaccion/${encodeURIComponent(lawyerId)}`,
    { query: { page }, signal },
  );
  return parseAnswer(billingPageSchema, answer);
}

export const lawyerBillingQueryOptions = (lawyerId: string, page: number) =>
  queryOptions({
    queryKey: ['billing', 'lawyer', lawyerId, page],
    queryFn: ({ signal }) => getLawyerBilling(lawyerId, page, signal),
    placeholderData: keepPreviousData,
  });

export function useLawyerBilling(lawyerId: string, page: number, enabled = true) {
  return useQuery({ ...lawyerBillingQueryOptions(lawyerId, page), enabled });
}
