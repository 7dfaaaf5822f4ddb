import { paymentIntentStatusSchema } from '@l4l/shared/schemas/billing';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { parseAnswer } from '../../../lib/parse-answer.ts';

/** GET /api/payments/intent/{id} (+): the real status of a test-page payment, as Stripe tells it. */
export async function getPaymentIntent(intentId: string, signal?: AbortSignal) {
  const answer = await apiClient.get(`/api/payments/intent/${encodeURIComponent(intentId)}`, {
    signal,
  });
  return parseAnswer(paymentIntentStatusSchema, answer);
}

export const paymentIntentQueryOptions = (intentId: string) =>
  queryOptions({
    queryKey: ['payments', 'intent', intentId],
    queryFn: ({ signal }) => getPaymentIntent(intentId, signal),
    retry: false,
  });

export function usePaymentIntent(intentId: string | null) {
  return useQuery({ ...paymentIntentQueryOptions(intentId ?? ''), enabled: Boolean(intentId) });
}
