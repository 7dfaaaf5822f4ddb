/**
 * docs/money.md: the states of the money that reaches a lawyer (payout accounts, transfers, disputes) and
 * the accounts of the double-entry ledger.
 */

/** A lawyer's payout account: none until set up, pending while the provider checks it, enabled when it pays. */
export const PAYOUT_ACCOUNT_STATUSES = ['none', 'pending', 'enabled'] as const;
export type PayoutAccountStatus = (typeof PAYOUT_ACCOUNT_STATUSES)[number];

/** A case's one transfer to its lawyer: PENDIENTE (owed, not sent), ENVIADA (sent), REVERTIDA (taken back). */
export const TRANSFER_STATUSES = ['PENDIENTE', 'ENVIADA', 'REVERTIDA'] as const;
export type TransferStatus = (typeof TRANSFER_STATUSES)[number];

export const DISPUTE_STATUSES = ['open', 'resolved'] as const;
export type DisputeStatus = (typeof DISPUTE_STATUSES)[number];

/** release: the lawyer is paid; refund: the client gets all or part back, the rest goes to the lawyer. */
export const DISPUTE_OUTCOMES = ['release', 'refund'] as const;
export type DisputeOutcome = (typeof DISPUTE_OUTCOMES)[number];

/** Where a dispute came from: the client's form or the card network (a chargeback). */
export const DISPUTE_SOURCES = ['client', 'provider'] as const;
export type DisputeSource = (typeof DISPUTE_SOURCES)[number];

/** The states of a payment (a partial refund keeps COMPLETADO and shows in `refunded`). */
export const PAYMENT_STATUSES = ['PENDIENTE', 'COMPLETADO', 'CANCELADO', 'REEMBOLSADO'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/**
 * The ledger's accounts (docs/money.md, Ledger). Debit-positive: an entry's amount is positive on the
 * debit side and negative on the credit side, and every movement sums to zero.
 * - provider_balance: money the platform holds at the payment provider (asset)
 * - client_funds: what clients paid for cases not finished yet (liability: held)
 * - lawyer_payable: the lawyers' share of finished cases not transferred yet (liability: available)
 * - platform_fee: the platform's revenue
 * - unreconciled: the lawyer's money a transfer reversal made outside L4L brought back (a suspense
 *   account: a person decides where it goes; a refund of the case uses it first)
 */
export const LEDGER_ACCOUNTS = [
  'provider_balance',
  'client_funds',
  'lawyer_payable',
  'platform_fee',
  'unreconciled',
] as const;
export type LedgerAccount = (typeof LEDGER_ACCOUNTS)[number];

/** What a group of ledger entries records. */
export const LEDGER_MOVEMENTS = ['charge', 'release', 'transfer', 'reversal', 'refund'] as const;
export type LedgerMovement = (typeof LEDGER_MOVEMENTS)[number];

/** One leg of a movement, in integer cents, debit positive. */
export type LedgerLeg = { account: LedgerAccount; cents: number };

/**
 * The legs of each movement, named once (docs/money.md, Ledger): the money module posts them and the demo
 * seed plans them, so both write the same books.
 */
export const LEDGER_LEGS = {
  /** a payment taken: money at the provider, held for the client */
  charge: (cents: number): LedgerLeg[] => [
    { account: 'provider_balance', cents },
    { account: 'client_funds', cents: -cents },
  ],
  /** a case finished: what is held goes to the platform's fee and the lawyer's share */
  release: (heldCents: number, feeCents: number): LedgerLeg[] => [
    { account: 'client_funds', cents: heldCents },
    { account: 'platform_fee', cents: -feeCents },
    { account: 'lawyer_payable', cents: -(heldCents - feeCents) },
  ],
  /** the lawyer's share sent to their payout account */
  transfer: (cents: number): LedgerLeg[] => [
    { account: 'lawyer_payable', cents },
    { account: 'provider_balance', cents: -cents },
  ],
  /** money taken back from a sent transfer: by a refund (owed again), or outside L4L (unreconciled) */
  reversal: (cents: number, outside = false): LedgerLeg[] => [
    { account: 'provider_balance', cents },
    { account: outside ? 'unreconciled' : 'lawyer_payable', cents: -cents },
  ],
  /**
   * money given back to the client: out of what is held before the case finished; after, out of the
   * fee, the lawyer's share and what a reversal outside L4L brought back
   */
  refund: (
    from: { heldCents: number } | { feeCents: number; payableCents: number; unreconciledCents: number },
  ): LedgerLeg[] => {
    if ('heldCents' in from) {
      return [
        { account: 'client_funds', cents: from.heldCents },
        { account: 'provider_balance', cents: -from.heldCents },
      ];
    }
    return [
      { account: 'platform_fee', cents: from.feeCents },
      { account: 'lawyer_payable', cents: from.payableCents },
      { account: 'unreconciled', cents: from.unreconciledCents },
      { account: 'provider_balance', cents: -(from.feeCents + from.payableCents + from.unreconciledCents) },
    ];
  },
} as const;

/** The client may dispute instead of confirming; a case finishes by itself this long after the lawyer asked. */
export const AUTO_FINISH_DAYS = 7;
/** A checkout the client abandons frees the proposal after this long. */
export const CHECKOUT_EXPIRY_MINUTES = 30;
/** A dispute's reason: 10 to 1000 characters. */
export const DISPUTE_REASON_MIN = 10;
export const DISPUTE_REASON_MAX = 1000;
/** A refund's or a resolution's reason/note: at most this many characters. */
export const MONEY_NOTE_MAX = 500;

/** docs/domain.md, Money: prices include IVA; the platform's fee is a share of each payment. */

/** The IVA the prices include (general rate, percent). */
export const VAT_PERCENT = 21;

/** The platform's share of an amount, in whole cents (rounded half up). */
export function platformFeeCents(amountCents: number, feePercent: number): number {
  return Math.round((amountCents * feePercent) / 100);
}

/** The sandbox onboarding page's path (a web route) for an account id. */
export const sandboxOnboardingPath = (accountId: string) =>
  `/payout/sandbox/${encodeURIComponent(accountId)}`;
/** What that page POSTs to enable the account: answers `{data: payoutAccount}`. */
export const sandboxOnboardingCompletePath = (accountId: string) =>
  `/api/payouts/sandbox/${encodeURIComponent(accountId)}/complete`;
