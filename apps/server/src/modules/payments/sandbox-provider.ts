import { randomBytes } from 'node:crypto';
import type { CheckoutRequest, CheckoutSession, PaymentProvider, RefundRequest } from './payment-provider.ts';

export type SandboxProvider = PaymentProvider & {
  readonly name: 'sandbox';
  /**
   * The 'Pagar' button takes the money: the sandbox's payment id, or null when the checkout was closed
   * (`expireCheckout`), which then takes nothing.
   */
  charge(sessionId: string): string | null;
  /** the refunds this process made, oldest first (what the sandbox has to show for them) */
  readonly refunds: ReadonlyArray<RefundRequest & { refundId: string }>;
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
      const done = refunds.find((refund) => refund.paymentId === request.paymentId);
      if (done) return { refundId: done.refundId };
      const refund = { ...request, refundId: token('sbx_re') };
      refunds.push(refund);
      return { refundId: refund.refundId };
    },
    charge(sessionId: string) {
      return expired.has(sessionId) ? null : token('sbx_pi');
    },
    refunds,
  };
}

/** Sandbox session ids as the provider makes them; anything else is not looked up at all. */
export const SANDBOX_SESSION_ID = /^sbx_[A-Za-z0-9_-]{32}$/;
