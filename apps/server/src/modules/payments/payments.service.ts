import { randomUUID } from 'node:crypto';
import { caseCode } from '@l4l/shared/constants/cases';
import { MESSAGE_TYPE } from '@l4l/shared/constants/messages';
import { platformFeeCents } from '@l4l/shared/constants/money';
import { PAYMENT_RESULT_PATHS } from '@l4l/shared/constants/pages';
import { formatEuros } from '@l4l/shared/format';
import { centsToEuros } from '@l4l/shared/schemas/common';
import { es } from '@l4l/shared/texts/es';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Events, Subscribers } from '../../lib/events.ts';
import { type AfterCommit, withTransaction } from '../../lib/transaction.ts';
import type { Chat } from '../chat/index.ts';
import { checkoutTerms, type Withholding } from '../invoices/index.ts';
import type { CheckoutRequest, PaymentProvider, ProviderName } from './payment-provider.ts';
import { createPaymentsRepository, type PaymentRow } from './payments.repository.ts';
import type { SandboxProvider } from './sandbox-provider.ts';

export type { PaymentRow } from './payments.repository.ts';
export type { Withholding };

export type OpenCheckout = Omit<CheckoutRequest, 'paymentId' | 'currency' | 'successUrl' | 'cancelUrl'> & {
  userId: string;
  lawyerId: string;
};

export type CompletionResult = {
  status: 'completed' | 'duplicate' | 'conflict' | 'refunded' | 'unknown';
};

type OpenSession = { provider: ProviderName; providerSessionId: string };

/** The platform's share, in whole cents (rounded half up). */
export const feeOf = platformFeeCents;

const isSandbox = (provider: PaymentProvider): provider is SandboxProvider => provider.name === 'sandbox';

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

  /** The client reads in the chat (type 11, theirs only) that a second payment went back. */
  async function tellRefund(payment: PaymentRow) {
    // a first consultation's late payment: the refund's notice is its only word (no case in the chat)
    if (!payment.caseId) return;
    const code = caseCode(payment.caseId);
    const amount = formatEuros(centsToEuros(payment.amountCents));
    try {
      const chat = await deps.chat.openChat(payment.userId, payment.lawyerId);
      await deps.chat.postMessage({
        chatId: chat.id,
        senderId: null,
        type: MESSAGE_TYPE.CLIENT_NOTICE,
        text: es.caseMessages.refunded(code, amount),
        caseId: payment.caseId,
        proposalId: payment.proposalId,
      });
    } catch (error) {
      log.error({ err: error, paymentId: payment.id }, 'refund notice not posted');
    }
  }

  /**
   * Money that arrived for a case already paid (or a checkout closed meanwhile) went back in the
   * completion's transaction (the money feature's one refund path, docs/money.md, Refunds): the client
   * reads it in the chat too.
   */
  async function refunded(payment: PaymentRow): Promise<CompletionResult> {
    log.warn(
      { paymentId: payment.id, caseId: payment.caseId, amountCents: payment.amountCents },
      'payment for a case already paid: refunded',
    );
    await tellRefund(payment);
    return { status: 'refunded' };
  }

  async function cancelOpenCheckouts(tx: Db, afterCommit: AfterCommit, proposalId: string) {
    closeAfterCommit(afterCommit, await createPaymentsRepository(tx).cancelOpenOfProposals([proposalId]));
  }

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

    /**
     * The provider confirmed a payment of a checkout session; `providerPaymentId` names the money taken
     * (what a refund gives back). The case's other open checkouts are closed; money for a case already
     * paid, or for a checkout closed meanwhile, is refunded.
     */
    async complete(input: {
      provider: ProviderName;
      sessionId: string;
      providerPaymentId?: string | null;
    }): Promise<CompletionResult> {
      const outcome = await withTransaction(
        db,
        async (tx, afterCommit) => {
          const payments = createPaymentsRepository(tx);
          const payment = await payments.lockPayment(input.provider, input.sessionId);
          if (!payment) return { status: 'unknown' as const };
          if (payment.status === 'COMPLETADO' || payment.status === 'REEMBOLSADO') {
            return { status: 'duplicate' as const };
          }
          const providerPaymentId = input.providerPaymentId ?? payment.providerPaymentId;
          if (payment.status === 'PENDIENTE') {
            const completed: PaymentRow = {
              ...payment,
              status: 'COMPLETADO',
              completedAt: new Date(),
              providerPaymentId,
            };
            // the payment's own status is saved before anything reacts to it
            await payments.setPayment(payment.id, {
              status: 'COMPLETADO',
              completedAt: completed.completedAt,
              providerPaymentId,
            });
            // the proposals feature refuses it when the case was taken meanwhile: nothing else reacts then
            const events = deps.events;
            if (!(await events.emitRefusable(tx, afterCommit, 'payment.completed', { payment: completed }))) {
              if (payment.caseId) {
                closeAfterCommit(afterCommit, await payments.cancelOpenOfCase(payment.caseId, payment.id));
              }
              return { status: 'completed' as const };
            }
          }
          // the case was taken by another payment, or this checkout was closed meanwhile
          const unwanted: PaymentRow = {
            ...payment,
            status: 'CANCELADO',
            completedAt: null,
            providerPaymentId,
          };
          await payments.setPayment(payment.id, {
            status: 'CANCELADO',
            completedAt: null,
            providerPaymentId,
          });
          if (!providerPaymentId) return { status: 'conflict' as const };
          // given back whole, in this transaction: a provider that fails undoes it and its event comes again
          await deps.events.emit(tx, afterCommit, 'payment.unwanted', { payment: unwanted });
          return { status: 'refund' as const, payment };
        },
        log,
      );
      return outcome.status === 'refund' ? refunded(outcome.payment) : { status: outcome.status };
    },

    /**
     * The client gave up at the checkout (or the provider's session expired): the payment is cancelled and
     * the proposal may be accepted again. A completed payment is never undone here.
     */
    async cancel(input: { provider: ProviderName; sessionId: string }): Promise<CompletionResult> {
      return withTransaction(
        db,
        async (tx, afterCommit) => {
          const payments = createPaymentsRepository(tx);
          const payment = await payments.lockPayment(input.provider, input.sessionId);
          if (!payment) return { status: 'unknown' as const };
          if (payment.status !== 'PENDIENTE') return { status: 'duplicate' as const };
          await payments.setPayment(payment.id, { status: 'CANCELADO' });
          const { id: paymentId, proposalId, consultationId } = payment;
          await deps.events.emit(tx, afterCommit, 'checkout.released', {
            paymentId,
            proposalId,
            consultationId,
          });
          return { status: 'completed' as const };
        },
        log,
      );
    },

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
     * The sandbox expires its own checkouts (Stripe's carry `expires_at` and end with
     * `checkout.session.expired`): every open sandbox checkout opened before `before` is closed and its
     * proposal freed. Answers how many.
     */
    async expireStale(before: Date, limit = 100): Promise<number> {
      if (!isSandbox(provider)) return 0;
      let expired = 0;
      for (const { sessionId } of await repository.staleCheckouts('sandbox', before, limit)) {
        await provider.expireCheckout(sessionId);
        const result = await service.cancel({ provider: 'sandbox', sessionId });
        if (result.status === 'completed') expired += 1;
      }
      return expired;
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
      return service.complete({ provider: 'sandbox', sessionId, providerPaymentId: charged });
    },

    /** What the sandbox checkout page shows. */
    checkoutSummary: (name: ProviderName, sessionId: string) => repository.checkoutSummary(name, sessionId),

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
