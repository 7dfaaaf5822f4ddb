import type { CompletionResult, PaymentCompletion } from './payment-completion.ts';
import type { PaymentProvider, ProviderName } from './payment-provider.ts';
import type { PaymentsRepository } from './payments.repository.ts';
import type { SandboxProvider } from './sandbox-provider.ts';

const isSandbox = (provider: PaymentProvider): provider is SandboxProvider => provider.name === 'sandbox';

/**
 * What the sandbox does that a real provider does on its side: its checkout page's summary, its 'Pagar',
 * and the expiry of checkouts left open. Each ends through the payments' own completion and cancel.
 */
export function createSandboxCheckouts(deps: {
  provider: PaymentProvider;
  repository: PaymentsRepository;
  /** the completion the sandbox's 'Pagar' and its expiry end through (payment-completion.ts) */
  completion: Pick<PaymentCompletion, 'complete' | 'cancel'>;
}) {
  const { provider, repository } = deps;
  return {
    /**
     * The sandbox expires its own checkouts (Stripe's carry `expires_at` and end with
     * `checkout.session.expired`): every open sandbox checkout opened before `before` is closed and its
     * proposal freed. Answers how many.
     */
    async expireStale(before: Date, limit = 100): Promise<number> {
      if (!isSandbox(provider)) return 0;
      let expired = 0;
      for (const { sessionId } of await repository.staleCheckouts('sandbox', before, limit)) {
        await provider.expireCheckout(sessionId);
        const result = await deps.completion.cancel({ provider: 'sandbox', sessionId });
        if (result.status === 'completed') expired += 1;
      }
      return expired;
    },

    /**
     * The sandbox's 'Pagar': a checkout that is closed takes no money (a completed one is simply paid);
     * otherwise the sandbox takes it and the payment completes as a provider's webhook would complete it.
     */
    async payInSandbox(sessionId: string): Promise<CompletionResult> {
      const summary = isSandbox(provider) && (await repository.checkoutSummary('sandbox', sessionId));
      if (!summary || !isSandbox(provider)) return { status: 'unknown' };
      if (summary.status === 'COMPLETADO') return { status: 'duplicate' };
      const charged = summary.status === 'PENDIENTE' ? provider.charge(sessionId) : null;
      if (!charged) return { status: 'conflict' };
      return deps.completion.complete({ provider: 'sandbox', sessionId, providerPaymentId: charged });
    },

    /** What the sandbox checkout page shows. */
    checkoutSummary: (name: ProviderName, sessionId: string) => repository.checkoutSummary(name, sessionId),
  };
}
