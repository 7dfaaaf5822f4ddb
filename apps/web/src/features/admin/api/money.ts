import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiClient } from '../../../lib/api-client.ts';
import { getCheckedPage } from '../../../lib/parse-answer.ts';
import { ADMIN_QUERY_KEY, getPage, type Page } from '../lib/paged.ts';

/**
 * The console's money (docs/payouts.md): every payment, the disputes queue, refunds and resolutions.
 * Provisional schemas, as docs/api/http.md describes the answers: replaced by the shared ones once the
 * server's contract lands.
 */
export const adminPaymentSchema = z.object({
  id: z.string(),
  caseId: z.string(),
  caseCode: z.string(),
  clientId: z.string(),
  lawyerId: z.string().nullable(),
  status: z.string(),
  amount: z.number(),
  fee: z.number(),
  refunded: z.number(),
  transferStatus: z.string().nullable(),
  createdAt: z.string(),
});
export type AdminPayment = z.infer<typeof adminPaymentSchema>;

export const adminDisputeSchema = z.object({
  id: z.string(),
  caseId: z.string(),
  caseCode: z.string(),
  clientId: z.string(),
  lawyerId: z.string().nullable(),
  amount: z.number(),
  reason: z.string(),
  status: z.string(),
  openedAt: z.string(),
});
export type AdminDispute = z.infer<typeof adminDisputeSchema>;

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

/** Every payment since `from` (ISO day), page after page: the summary's weeks are added up from them. */
export async function getPaymentsSince(from: string, signal?: AbortSignal): Promise<AdminPayment[]> {
  const rows: AdminPayment[] = [];
  const pageSize = 100;
  for (let page = 1; ; page++) {
    const { items, meta } = await getCheckedPage(
      ADMIN_PAYMENTS_PATH,
      { from, page, pageSize },
      adminPaymentSchema,
      signal,
    );
    rows.push(...items);
    if (items.length === 0 || page * meta.pageSize >= meta.total) return rows;
  }
}

export function usePaymentsSince(from: string) {
  return useQuery({
    queryKey: [...ADMIN_QUERY_KEY, 'payments-since', from],
    queryFn: ({ signal }) => getPaymentsSince(from, signal),
  });
}

export function useOpenDisputesCount() {
  return useQuery({
    queryKey: [...ADMIN_QUERY_KEY, 'disputes', 'open', 'count'],
    queryFn: async ({ signal }) =>
      (
        await getCheckedPage(
          '/api/admin/disputes',
          { status: 'open', page: 1, pageSize: 1 },
          adminDisputeSchema,
          signal,
        )
      ).meta.total,
  });
}

/** POST /api/admin/payments/{id}/refund {amount?, reason}: without an amount, all that is left. */
export function useRefundPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string; amount?: number; reason: string }) =>
      apiClient.post(`/api/admin/payments/${encodeURIComponent(input.id)}/refund`, {
        ...(input.amount === undefined ? {} : { amount: input.amount }),
        reason: input.reason,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ADMIN_QUERY_KEY }),
  });
}

/** POST /api/admin/disputes/{id}/resolve {outcome, amount?, note} */
export function useResolveDispute() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string; outcome: 'release' | 'refund'; amount?: number; note: string }) =>
      apiClient.post(`/api/admin/disputes/${encodeURIComponent(input.id)}/resolve`, {
        outcome: input.outcome,
        ...(input.amount === undefined ? {} : { amount: input.amount }),
        note: input.note,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ADMIN_QUERY_KEY }),
  });
}
