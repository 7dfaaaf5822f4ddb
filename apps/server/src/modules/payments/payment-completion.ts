import { caseCode } from '@l4l/shared/constants/cases';
import { MESSAGE_TYPE } from '@l4l/shared/constants/messages';
import { formatEuros } from '@l4l/shared/format';
import { centsToEuros } from '@l4l/shared/schemas/common';
import { es } from '@l4l/shared/texts/es';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.ts';
import type { Events } from '../../lib/events.ts';
import { type AfterCommit, withTransaction } from '../../lib/transaction.ts';
import type { Chat } from '../chat/index.ts';
import type { ProviderName } from './payment-provider.ts';
import { createPaymentsRepository, type PaymentRow } from './payments.repository.ts';

export type CompletionResult = {
  status: 'completed' | 'duplicate' | 'conflict' | 'refunded' | 'unknown';
};

/** A checkout as its provider knows it: closed there once the payment is cancelled here. */
export type OpenSession = { provider: ProviderName; providerSessionId: string };

/**
 * A checkout's end as its provider reports it: paid (`complete`, the one path that records a payment) or
 * given up (`cancel`). Both lock the payment row, so a second report finds it settled and changes nothing.
 */
export function createPaymentCompletion(deps: {
  db: Db;
  chat: Chat;
  events: Pick<Events, 'emit' | 'emitRefusable'>;
  log: FastifyBaseLogger;
  /** closes checkouts at the provider after the commit (payments.service.ts) */
  closeAfterCommit: (afterCommit: AfterCommit, sessions: OpenSession[]) => void;
}) {
  const { db, log, closeAfterCommit } = deps;

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

  return {
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
  };
}

export type PaymentCompletion = ReturnType<typeof createPaymentCompletion>;
