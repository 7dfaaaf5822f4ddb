import {
  disputeSchema,
  onboardingLinkSchema,
  payoutAccountSchema,
  payoutBalanceSchema,
  sandboxOnboardingCompletePath,
  transferSchema,
} from '@l4l/shared/schemas/money';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { getCheckedPage, parseAnswer } from '../../../lib/parse-answer.ts';

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
    queryFn: async ({ signal }) =>
      parseAnswer(payoutAccountSchema, await apiClient.get('/api/payouts/account', { signal })),
  });
}

/** GET /api/payouts/balance: held, available and paid out, in euros. */
export function usePayoutBalance() {
  return useQuery({
    queryKey: payoutKeys.balance(),
    queryFn: async ({ signal }) =>
      parseAnswer(payoutBalanceSchema, await apiClient.get('/api/payouts/balance', { signal })),
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
    mutationFn: async () =>
      parseAnswer(onboardingLinkSchema, await apiClient.post('/api/payouts/account/onboarding')),
  });
}

/** The sandbox's onboarding form: enables the account offline. */
export function useActivateSandboxAccount(accountId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { holder: string; iban: string }) =>
      parseAnswer(payoutAccountSchema, await apiClient.post(sandboxOnboardingCompletePath(accountId), input)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: payoutKeys.all }),
  });
}

/** The disputes the client opened in this session, by case: the case screen shows its state at once. */
export const openedDisputeKey = (caseId: string) => ['disputes', 'opened', caseId] as const;

/** POST /api/cases/{caseId}/dispute {reason}: the client disputes the case instead of confirming its closure. */
export function useOpenDispute(caseId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (reason: string) =>
      parseAnswer(
        disputeSchema,
        await apiClient.post(`/api/cases/${encodeURIComponent(caseId)}/dispute`, { reason }),
      ),
    onSuccess: (dispute) => queryClient.setQueryData(openedDisputeKey(caseId), dispute),
  });
}
