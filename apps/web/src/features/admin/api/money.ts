import { type AdminPayment, adminPaymentSchema, moneySummarySchema } from '@l4l/shared/schemas/admin-money';
import { disputeSchema as adminDisputeSchema } from '@l4l/shared/schemas/money';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { parseAnswer } from '../../../lib/parse-answer.ts';
import { ADMIN_QUERY_KEY, getPage, type Page } from '../lib/paged.ts';

/** The console's money (docs/money.md): every payment, the disputes queue, refunds and resolutions. */
export type { AdminPayment } from '@l4l/shared/schemas/admin-money';
export type { Dispute as AdminDispute } from '@l4l/shared/schemas/money';

export const ADMIN_PAYMENTS_PATH = '/api/admin/payments';

export type AdminPaymentsFilters = { status: string; from: string; to: string; page: number };

/** The filters as the query string (also the CSV link's): empty ones left out. */
export function paymentsQuery(
  filters: Omit<AdminPaymentsFilters, 'page'>,
): Record<string, string | undefined> {
  return {
    status: filters.status || undefined,
    from: filters.from || undefined,
    to: filters.to || undefined,
  };
}

/** The CSV export of what the filters show: GET /api/admin/payments?format=csv&... */
export function paymentsCsvUrl(filters: Omit<AdminPaymentsFilters, 'page'>): string {
  const params = new URLSearchParams({ format: 'csv' });
  for (const [key, value] of Object.entries(paymentsQuery(filters))) if (value) params.set(key, value);
  return `${ADMIN_PAYMENTS_PATH}?${params.toString()}`;
}

export const adminPaymentsQueryOptions = (filters: AdminPaymentsFilters) =>
  queryOptions({
    queryKey: [...ADMIN_QUERY_KEY, 'payments', filters],
    queryFn: ({ signal }): Promise<Page<AdminPayment>> =>
      getPage(
        ADMIN_PAYMENTS_PATH,
        adminPaymentSchema,
        { ...paymentsQuery(filters), page: filters.page },
        signal,
      ),
  });

export function useAdminPayments(filters: AdminPaymentsFilters) {
  return useQuery({ ...adminPaymentsQueryOptions(filters), placeholderData: keepPreviousData });
}

/** GET /api/admin/disputes?status=open */
export function useOpenDisputes(page: number) {
  return useQuery({
    queryKey: [...ADMIN_QUERY_KEY, 'disputes', 'open', page],
    queryFn: ({ signal }) =>
      getPage('/api/admin/disputes', adminDisputeSchema, { status: 'open', page }, signal),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/admin/money/summary: the last weeks' payments, fees, refunds and transfers, money held, open disputes. */
export function useMoneySummary() {
  return useQuery({
    queryKey: [...ADMIN_QUERY_KEY, 'money-summary'],
    queryFn: async ({ signal }) =>
      parseAnswer(moneySummarySchema, await apiClient.get('/api/admin/money/summary', { signal })),
  });
}

/** POST /api/admin/payments/{id}/refund {amount?, reason}: without an amount, all that is left. */
export function useRefundPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { id: string; amount?: number; reason: string }) =>
      parseAnswer(
        adminPaymentSchema,
        await apiClient.post(`/api/admin/payments/${encodeURIComponent(input.id)}/refund`, {
          ...(input.amount === undefined ? {} : { amount: input.amount }),
          reason: input.reason,
        }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ADMIN_QUERY_KEY }),
  });
}

/** POST /api/admin/disputes/{id}/resolve {outcome, amount?, note} */
export function useResolveDispute() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { id: string; outcome: 'release' | 'refund'; amount?: number; note: string }) =>
      parseAnswer(
        adminDisputeSchema,
        await apiClient.post(`/api/admin/disputes/${encodeURIComponent(input.id)}/resolve`, {
          outcome: input.outcome,
          ...(input.amount === undefined ? {} : { amount: input.amount }),
          note: input.note,
        }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ADMIN_QUERY_KEY }),
  });
}
