import { type PaymentConfig, paymentConfigSchema } from '@l4l/shared/schemas/billing';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { parseAnswer } from '../../../lib/parse-answer.ts';

/** GET /api/payments/config (+): whether the test page can load Stripe.js, and with which key. */
export async function getPaymentConfig(signal?: AbortSignal): Promise<PaymentConfig> {
  const answer = await apiClient.get('/api/payments/config', { signal });
  return parseAnswer(paymentConfigSchema, answer);
}

export const paymentConfigQueryOptions = () =>
  queryOptions({
    queryKey: ['payments', 'config'],
    queryFn: ({ signal }) => getPaymentConfig(signal),
    // the server's configuration does not change while it runs
    staleTime: Number.POSITIVE_INFINITY,
  });

export function usePaymentConfig() {
  return useQuery(paymentConfigQueryOptions());
}
