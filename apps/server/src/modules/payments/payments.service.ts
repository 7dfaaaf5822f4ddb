import { randomUUID } from 'node:crypto';
import { platformFeeCents } from '@l4l/shared/constants/money';
import { PAYMENT_RESULT_PATHS } from '@l4l/shared/constants/pages';
import { es } from '@l4l/shared/texts/es';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Events, Subscribers } from '../../lib/events.ts';
import type { AfterCommit } from '../../lib/transaction.ts';
import type { Chat } from '../chat/index.ts';
import { checkoutTerms, type Withholding } from '../invoices/index.ts';
import { type CompletionResult, createPaymentCompletion, type OpenSession } from './payment-completion.ts';
import type { CheckoutRequest, PaymentProvider, ProviderName } from './payment-provider.ts';
import { createPaymentsRepository } from './payments.repository.ts';
import { createSandboxCheckouts } from './sandbox-checkouts.ts';

export type { PaymentRow } from './payments.repository.ts';
export type { Withholding };

export type OpenCheckout = Omit<CheckoutRequest, 'paymentId' | 'currency' | 'successUrl' | 'cancelUrl'> & {
  userId: string;
  lawyerId: string;
};

/** The platform's share, in whole cents (rounded half up). */
export const feeOf = platformFeeCents;

/**
 * Payments: a checkout per accepted proposal, and its completion. `complete` is the one
 * path that records a payment, whoever calls it (the sandbox's 'Pagar', Stripe's webhook); it is idempotent
 * and atomic: under a lock on the payment row, the payment, the case and its messages change together or
 * not at all, and a second call finds the payment completed and changes nothing. Once a payment completes,
 * the case's other open checkouts are closed at the provider; money that still arrives for a case already
 * paid (or for a checkout closed meanwhile) is refunded at once through the money feature's refund path.
 */
export function createPaymentsService(deps: {
  db: Db;
  provider: PaymentProvider;
  publicUrl: string;
  feePercent: number;
  chat: Chat;
  /** the payment events are published in the payment's transaction (docs/decisions/0030-one-event-map.md) */
  events: Pick<Events, 'emit' | 'emitRefusable'>;
  log: FastifyBaseLogger;
}) {
  const { db, provider, log } = deps;
  const repository = createPaymentsRepository(db);

  /** Closes these checkouts at the provider once the transaction that cancelled them has committed. */
  function closeAfterCommit(afterCommit: AfterCommit, sessions: OpenSession[]) {
    for (const session of sessions) {
      // a checkout the provider never opened (still 'pending_…') or another provider's has nothing to close
      if (session.provider !== provider.name || session.providerSessionId.startsWith('pending_')) continue;
      afterCommit(async () => {
        try {
          await provider.expireCheckout(session.providerSessionId);
        } catch (error) {
          log.warn(
            { err: error, sessionId: session.providerSessionId },
            'checkout not closed at the provider',
          );
        }
      });
    }
  }

  async function cancelOpenCheckouts(tx: Db, afterCommit: AfterCommit, proposalId: string) {
    closeAfterCommit(afterCommit, await createPaymentsRepository(tx).cancelOpenOfProposals([proposalId]));
  }

  const completion = createPaymentCompletion({
    db,
    chat: deps.chat,
    events: deps.events,
    log,
    closeAfterCommit,
  });
  const sandbox = createSandboxCheckouts({ provider, repository, completion });

  const service = {
    provider,

    /**
     * Records a pending payment for an accepted proposal and opens the provider's checkout; answers the URL
     * the client pays at. The amount is the stored proposal's. A failing provider leaves no pending payment.
     */
    async openCheckout(input: OpenCheckout): Promise<string> {
      return (await service.openCheckoutOf(input)).url;
    },

    /** The same, answering the payment's id too (a first consultation keeps it: docs/money.md). */
    async openCheckoutOf(input: OpenCheckout): Promise<{ paymentId: string; url: string }> {
      // docs/invoices.md: the fiscal data a price above 400 € needs, and the IRPF a business withholds
      const withholding = await checkoutTerms(db, input.userId, input.lawyerId, input.amountCents);
      const withheldCents = withholding?.withheldCents ?? 0;
      // the card pays the price less what the client withholds; the fee is the platform's share of the price
      const chargedCents = input.amountCents - withheldCents;
      const paymentId = randomUUID();
      await repository.insertPayment({
        id: paymentId,
        caseId: input.caseId,
        proposalId: input.proposalId,
        consultationId: input.consultationId ?? null,
        userId: input.userId,
        lawyerId: input.lawyerId,
        provider: provider.name,
        // replaced by the provider's session id below; unique per payment meanwhile
        providerSessionId: `pending_${paymentId}`,
        amountCents: chargedCents,
        feeCents: feeOf(input.amountCents, deps.feePercent),
        irpfRate: withheldCents > 0 ? (withholding?.irpfRate ?? 0) : 0,
        withheldCents,
      });
      try {
        const session = await provider.createCheckout({
          paymentId,
          proposalId: input.proposalId,
          caseId: input.caseId,
          consultationId: input.consultationId ?? null,
          caseCode: input.caseCode,
          caseTitle: input.caseTitle,
          ...(input.productName ? { productName: input.productName } : {}),
          lawyerName: input.lawyerName,
          amountCents: chargedCents,
          ...(withheldCents > 0 && withholding ? { withholding } : {}),
          currency: 'EUR',
          successUrl: `${deps.publicUrl}${PAYMENT_RESULT_PATHS.success}`,
          // the provider's link back when the client cancels: the page says it was cancelled, not failed
          cancelUrl: `${deps.publicUrl}${PAYMENT_RESULT_PATHS.cancelled}`,
        });
        await repository.setPayment(paymentId, { providerSessionId: session.sessionId });
        return { paymentId, url: session.url };
      } catch (error) {
        log.error({ err: error, paymentId }, 'payment provider refused the checkout');
        await repository.setPayment(paymentId, { status: 'CANCELADO' });
        throw new AppError('SERVICE_UNAVAILABLE', { message: es.payment.providerUnavailable });
      }
    },

    complete: completion.complete,
    cancel: completion.cancel,

    /**
     * The client left the checkout (the cancel page): closes it at the provider and frees the proposal at
     * once (docs/money.md, Checkout expiry). Only the paying client's own open payment; others are 'unknown'.
     */
    async cancelOwn(userId: string, paymentId: string): Promise<CompletionResult> {
      const payment = await repository.byId(paymentId);
      if (!payment || payment.userId !== userId) return { status: 'unknown' };
      if (payment.status !== 'PENDIENTE') return { status: 'duplicate' };
      const result = await service.cancel({
        provider: payment.provider,
        sessionId: payment.providerSessionId,
      });
      if (result.status === 'completed' && !payment.providerSessionId.startsWith('pending_')) {
        try {
          if (payment.provider === provider.name) await provider.expireCheckout(payment.providerSessionId);
        } catch (error) {
          log.warn({ err: error, paymentId }, 'checkout not closed at the provider');
        }
      }
      return result;
    },

    /**
     * A proposal turned down or taken back by its lawyer: its open checkout is cancelled in the proposal's
     * transaction and closed at the provider after the commit, so no payment completes it.
     */
    subscribers: {
      'proposal.rejected': (tx, afterCommit, { proposalId }) =>
        cancelOpenCheckouts(tx, afterCommit, proposalId),
      'proposal.withdrawn': (tx, afterCommit, { proposalId }) =>
        cancelOpenCheckouts(tx, afterCommit, proposalId),
      'proposal.replaced': (tx, afterCommit, { proposalId }) =>
        cancelOpenCheckouts(tx, afterCommit, proposalId),
    } satisfies Subscribers,

    ...sandbox,

    /**
     * Runs a provider's event once: a replay of an event id already processed answers 'duplicate' without
     * running it; should `apply` fail, the id is forgotten again so the provider's retry runs it.
     */
    async processEvent<T>(
      event: { provider: ProviderName; id: string; type: string },
      apply: () => Promise<T>,
    ): Promise<T | 'duplicate'> {
      if (!(await repository.recordEvent(event.provider, event.id, event.type))) return 'duplicate';
      try {
        return await apply();
      } catch (error) {
        await repository.forgetEvent(event.provider, event.id);
        throw error;
      }
    },
  };
  return service;
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
