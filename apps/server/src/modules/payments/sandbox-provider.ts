import { randomBytes } from 'node:crypto';
import type {
  CheckoutRequest,
  CheckoutSession,
  PaymentProvider,
  RefundRequest,
  ReversalRequest,
  TransferRequest,
} from './payment-provider.ts';

export type SandboxProvider = PaymentProvider & {
  readonly name: 'sandbox';
  /**
   * The 'Pagar' button takes the money: the sandbox's payment id, or null when the checkout was closed
   * (`expireCheckout`), which then takes nothing.
   */
  charge(sessionId: string): string | null;
  /** the refunds this process made, oldest first (what the sandbox has to show for them) */
  readonly refunds: ReadonlyArray<RefundRequest & { refundId: string }>;
  /** the transfers and reversals this process made, oldest first */
  readonly transfers: ReadonlyArray<TransferRequest & { transferId: string }>;
  readonly reversals: ReadonlyArray<ReversalRequest & { reversalId: string }>;
  /** the sandbox onboarding page's 'Activar': the account receives transfers from now on */
  enableAccount(accountId: string): void;
};

const token = (prefix: string) => `${prefix}_${randomBytes(18).toString('base64url')}`;

/**
 * The default provider (no keys needed): the checkout is the app's own page `/payment/sandbox/{sessionId}`,
 * marked as a test payment. Its unguessable session id is the capability, as a hosted checkout's is;
 * its 'Pagar' button runs the same completion a provider's webhook runs. It keeps, in this
 * process, the checkouts it closed and the refunds it made.
 */
export function createSandboxProvider(publicUrl: string): SandboxProvider {
  const expired = new Set<string>();
  const refunds: Array<RefundRequest & { refundId: string }> = [];
  const transfers: Array<TransferRequest & { transferId: string }> = [];
  const reversals: Array<ReversalRequest & { reversalId: string }> = [];
  // the accounts this process saw enabled; the database keeps the status that matters (payout_accounts)
  const enabled = new Set<string>();
  return {
    name: 'sandbox',
    async createCheckout(_request: CheckoutRequest): Promise<CheckoutSession> {
      const sessionId = `sbx_${randomBytes(24).toString('base64url')}`;
      return { sessionId, url: `${publicUrl}/payment/sandbox/${sessionId}` };
    },
    async expireCheckout(sessionId: string) {
      expired.add(sessionId);
    },
    async refund(request: RefundRequest) {
      const key = request.key ?? request.paymentId;
      const done = refunds.find((refund) => (refund.key ?? refund.paymentId) === key);
      if (done) return { refundId: done.refundId };
      const refund = { ...request, refundId: token('sbx_re') };
      refunds.push(refund);
      return { refundId: refund.refundId };
    },
    async createPayoutAccount() {
      return { accountId: token('sbx_acct') };
    },
    async onboardingLink(accountId: string) {
      // docs/api/http.md, Money: a page of the web app that enables the account when submitted
      return { url: `/payout/sandbox/${accountId}` };
    },
    async manageLink(accountId: string) {
      // the same page: submitted again, it changes the holder and the IBAN
      return { url: `/payout/sandbox/${accountId}` };
    },
    async payoutsEnabled(accountId: string) {
      return enabled.has(accountId);
    },
    enableAccount(accountId: string) {
      enabled.add(accountId);
    },
    async transfer(request: TransferRequest) {
      const done = transfers.find((transfer) => transfer.group === request.group);
      if (done) return { transferId: done.transferId };
      const transfer = { ...request, transferId: token('sbx_tr') };
      transfers.push(transfer);
      return { transferId: transfer.transferId };
    },
    async reverseTransfer(request: ReversalRequest) {
      const done = reversals.find((reversal) => reversal.key === request.key);
      if (done) return { reversalId: done.reversalId };
      const reversal = { ...request, reversalId: token('sbx_trr') };
      reversals.push(reversal);
      return { reversalId: reversal.reversalId };
    },
    charge(sessionId: string) {
      return expired.has(sessionId) ? null : token('sbx_pi');
    },
    refunds,
    transfers,
    reversals,
  };
}

/** Sandbox session ids as the provider makes them; anything else is not looked up at all. */
export const SANDBOX_SESSION_ID = /^sbx_[A-Za-z0-9_-]{32}$/;
/** Sandbox payout account ids as the provider makes them. */
export const SANDBOX_ACCOUNT_ID = /^sbx_acct_[A-Za-z0-9_-]{24}$/;
