import { randomBytes } from 'node:crypto';
import type { CheckoutRequest, CheckoutSession, PaymentProvider } from './payment-provider.ts';

/**
 * The default provider (no keys needed): the checkout is the app's own page `/payment/sandbox/{sessionId}`,
 * marked as a test payment. Its unguessable session id is the capability, as a hosted checkout's is
 * (docs/domain.md, Money); its 'Pagar' button runs the same completion a provider's webhook runs.
 */
export function createSandboxProvider(publicUrl: string): PaymentProvider {
  return {
    name: 'sandbox',
    async createCheckout(_request: CheckoutRequest): Promise<CheckoutSession> {
      const sessionId = `sbx_${randomBytes(24).toString('base64url')}`;
      return { sessionId, url: `${publicUrl}/payment/sandbox/${sessionId}` };
    },
  };
}

/** Sandbox session ids as the provider makes them; anything else is not looked up at all. */
export const SANDBOX_SESSION_ID = /^sbx_[A-Za-z0-9_-]{32}$/;
