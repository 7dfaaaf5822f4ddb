import {
  type PaymentStripeInput,
  paymentStripeAnswerSchema,
  paymentStripeSchema,
} from '@l4l/shared/schemas/billing';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { parseAnswer } from '../../../lib/parse-answer.ts';

/** POST /api/payments/payment-stripe: a PaymentIntent for the test page's embedded form (docs/api/http.md, Payments). */
export async function createPaymentIntent(input: PaymentStripeInput) {
  const answer = await apiClient.post('/api/payments/payment-stripe', paymentStripeSchema.parse(input));
  return parseAnswer(paymentStripeAnswerSchema, answer);
}

export function useCreatePaymentIntent() {
  return useMutation({ mutationFn: createPaymentIntent });
}
