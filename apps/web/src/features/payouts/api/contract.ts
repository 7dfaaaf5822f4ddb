import { z } from 'zod';

/**
 * The payouts answers as docs/api/http.md describes them. Provisional: replaced by the shared schemas once
 * the server's contract lands.
 */
export const PAYOUT_ACCOUNT_STATES = ['none', 'pending', 'enabled'] as const;
export const TRANSFER_STATES = ['PENDIENTE', 'ENVIADA', 'REVERTIDA'] as const;

export const payoutAccountSchema = z.object({
  status: z.enum(PAYOUT_ACCOUNT_STATES),
  provider: z.string(),
});
export type PayoutAccount = z.infer<typeof payoutAccountSchema>;

export const onboardingLinkSchema = z.object({ url: z.string().min(1) });

export const payoutBalanceSchema = z.object({
  held: z.number(),
  available: z.number(),
  paidOut: z.number(),
});
export type PayoutBalance = z.infer<typeof payoutBalanceSchema>;

export const payoutTransferSchema = z.object({
  id: z.string(),
  caseId: z.string(),
  caseCode: z.string(),
  amount: z.number(),
  status: z.enum(TRANSFER_STATES),
  createdAt: z.string(),
});
export type PayoutTransfer = z.infer<typeof payoutTransferSchema>;

export const DISPUTE_REASON = { min: 10, max: 1000 } as const;
