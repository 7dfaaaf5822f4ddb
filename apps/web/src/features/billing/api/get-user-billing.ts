import { pageEnvelope } from '@l4l/shared/envelope';
import { billingRowSchema } from '@l4l/shared/schemas/billing';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { parseAnswer } from '../../../lib/parse-answer.ts';

export const billingPageSchema = pageEnvelope(billingRowSchema);

/** GET /api/transaccion/getUserTransaccion/{id}: what a client paid, newest first (docs/product.md, Billing). */
export async function getUserBilling(userId: string, page: number, signal?: AbortSignal) {
  const answer = await apiClient.getPage(
    `/api/transaccion/getUserTransaccion/${encodeURIComponent(userId)}`,
    { query: { page }, signal },
  );
  return parseAnswer(billingPageSchema, answer);
}

export const userBillingQueryOptions = (userId: string, page: number) =>
  queryOptions({
    queryKey: ['billing', 'user', userId, page],
    queryFn: ({ signal }) => getUserBilling(userId, page, signal),
    placeholderData: keepPreviousData,
  });

export function useUserBilling(userId: string, page: number, enabled = true) {
  return useQuery({ ...userBillingQueryOptions(userId, page), enabled });
}
