import { sandboxOnboardingCompletePath } from '@l4l/shared/constants/money';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { getCheckedPage, lazySchema, parseLazily } from '../../../lib/parse-answer.ts';

// each answer's schema loads beside its request, zod with it: the screens are drawn without them (ADR 0008)
const schemas = () => import('@l4l/shared/schemas/money');
const payoutAccountSchema = lazySchema(() => schemas().then((module) => module.payoutAccountSchema));
const payoutBalanceSchema = lazySchema(() => schemas().then((module) => module.payoutBalanceSchema));
const transferSchema = lazySchema(() => schemas().then((module) => module.transferSchema));
const onboardingLinkSchema = lazySchema(() => schemas().then((module) => module.onboardingLinkSchema));
const disputeSchema = lazySchema(() => schemas().then((module) => module.disputeSchema));

export const TRANSFERS_PAGE_SIZE = 10;

export const payoutKeys = {
  all: ['payouts'] as const,
  account: () => [...payoutKeys.all, 'account'] as const,
  balance: () => [...payoutKeys.all, 'balance'] as const,
  transfers: (page: number) => [...payoutKeys.all, 'transfers', page] as const,
};

/** GET /api/payouts/account: none, pending or enabled, and the provider behind it. */
export function usePayoutAccount() {
  return useQuery({
    queryKey: payoutKeys.account(),
    queryFn: ({ signal }) =>
      parseLazily(payoutAccountSchema, apiClient.get('/api/payouts/account', { signal })),
  });
}

/** GET /api/payouts/balance: held, available and paid out, in euros. */
export function usePayoutBalance() {
  return useQuery({
    queryKey: payoutKeys.balance(),
    queryFn: ({ signal }) =>
      parseLazily(payoutBalanceSchema, apiClient.get('/api/payouts/balance', { signal })),
  });
}

/** GET /api/payouts/transfers?page=: the transfers to the lawyer, newest first. */
export function usePayoutTransfers(page: number) {
  return useQuery({
    queryKey: payoutKeys.transfers(page),
    queryFn: ({ signal }) =>
      getCheckedPage(
        '/api/payouts/transfers',
        { page, pageSize: TRANSFERS_PAGE_SIZE },
        transferSchema,
        signal,
      ),
    placeholderData: keepPreviousData,
  });
}

/** POST /api/payouts/account/onboarding: the provider's onboarding page, where the browser goes next. */
export function useStartOnboarding() {
  return useMutation({
    mutationFn: () => parseLazily(onboardingLinkSchema, apiClient.post('/api/payouts/account/onboarding')),
  });
}

/** The sandbox's onboarding form: enables the account offline. */
export function useActivateSandboxAccount(accountId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { holder: string; iban: string }) =>
      parseLazily(payoutAccountSchema, apiClient.post(sandboxOnboardingCompletePath(accountId), input)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: payoutKeys.all }),
  });
}

/** The disputes the client opened in this session, by case: the case screen shows its state at once. */
export const openedDisputeKey = (caseId: string) => ['disputes', 'opened', caseId] as const;

/** POST /api/cases/{caseId}/dispute {reason}: the client disputes the case instead of confirming its closure. */
export function useOpenDispute(caseId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reason: string) =>
      parseLazily(
        disputeSchema,
        apiClient.post(`/api/cases/${encodeURIComponent(caseId)}/dispute`, { reason }),
      ),
    onSuccess: (dispute) => queryClient.setQueryData(openedDisputeKey(caseId), dispute),
  });
}
