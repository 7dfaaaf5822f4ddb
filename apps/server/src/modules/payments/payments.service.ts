import { randomUUID } from 'node:crypto';
import { es } from '@l4l/shared/texts/es';
import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.ts';
import { cases, payments, proposals, users } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import type { PostedMessage, PostMessageInput } from '../chat/chat.service.ts';
import type { CheckoutRequest, PaymentProvider, ProviderName } from './payment-provider.ts';

export type PaymentRow = typeof payments.$inferSelect;

/** What the cases feature does to a case when its payment is confirmed, inside the payment's transaction. */
export type OnPaid = (
  tx: Db,
  post: (input: PostMessageInput) => Promise<PostedMessage>,
  payment: PaymentRow,
) => Promise<'activated' | 'conflict'>;

type ChatTransaction = <T>(
  work: (tx: Db, post: (input: PostMessageInput) => Promise<PostedMessage>) => Promise<T>,
) => Promise<T>;

export type OpenCheckout = Omit<CheckoutRequest, 'paymentId' | 'currency' | 'successUrl' | 'cancelUrl'> & {
  userId: string;
  lawyerId: string;
};

export type CompletionResult = { status: 'completed' | 'duplicate' | 'conflict' | 'unknown' };

/** The platform's share, in whole cents (rounded half up). */
export function feeOf(amountCents: number, feePercent: number): number {
  return Math.round((amountCents * feePercent) / 100);
}

/**
 * Payments (API.md "Payments"): a checkout per accepted proposal, and its completion. `complete` is the one
 * path that records a payment, whoever calls it (the sandbox's 'Pagar', Stripe's webhook); it is idempotent
 * and atomic: under a lock on the payment row, the payment, the case and its messages change together or
 * not at all, and a second call finds the payment completed and changes nothing.
 */
export function createPaymentsService(deps: {
  db: Db;
  provider: PaymentProvider;
  publicUrl: string;
  feePercent: number;
  chatTransaction: ChatTransaction;
  onPaid: OnPaid;
  log: FastifyBaseLogger;
}) {
  const { db, provider } = deps;

  const ofSession = (name: ProviderName, sessionId: string) =>
    and(eq(payments.provider, name), eq(payments.providerSessionId, sessionId));

  /**
   * Locks the payment's case, then the payment: every writer of a case's payments and proposals takes the
   * case first (the cases feature does too), so two payments of one case wait for each other instead of
   * deadlocking over each other's rows.
   */
  async function lockPayment(tx: Db, name: ProviderName, sessionId: string) {
    const [peek] = await tx
      .select({ caseId: payments.caseId })
      .from(payments)
      .where(ofSession(name, sessionId));
    if (!peek) return undefined;
    await tx.select({ id: cases.id }).from(cases).where(eq(cases.id, peek.caseId)).for('update');
    const [row] = await tx.select().from(payments).where(ofSession(name, sessionId)).for('update');
    return row;
  }

  return {
    provider,

    /**
     * Records a pending payment for an accepted proposal and opens the provider's checkout; answers the URL
     * the client pays at. The amount is the stored proposal's. A failing provider leaves no pending payment.
     */
    async openCheckout(input: OpenCheckout): Promise<string> {
      const paymentId = randomUUID();
      await db.insert(payments).values({
        id: paymentId,
        caseId: input.caseId,
        proposalId: input.proposalId,
        userId: input.userId,
        lawyerId: input.lawyerId,
        provider: provider.name,
        // replaced by the provider's session id below; unique per payment meanwhile
        providerSessionId: `pending_${paymentId}`,
        amountCents: input.amountCents,
        feeCents: feeOf(input.amountCents, deps.feePercent),
      });
      try {
        const session = await provider.createCheckout({
          paymentId,
          proposalId: input.proposalId,
          caseId: input.caseId,
          caseCode: input.caseCode,
          caseTitle: input.caseTitle,
          lawyerName: input.lawyerName,
          amountCents: input.amountCents,
          currency: 'EUR',
          successUrl: `${deps.publicUrl}/payment-success`,
          cancelUrl: `${deps.publicUrl}/payment-error`,
        });
        await db
          .update(payments)
          .set({ providerSessionId: session.sessionId })
          .where(eq(payments.id, paymentId));
        return session.url;
      } catch (error) {
        deps.log.error({ err: error, paymentId }, 'payment provider refused the checkout');
        await db.update(payments).set({ status: 'CANCELADO' }).where(eq(payments.id, paymentId));
        throw new AppError('SERVICE_UNAVAILABLE', { message: es.payment.providerUnavailable });
      }
    },

    /** The provider confirmed the payment of a checkout session. */
    async complete(input: {
      provider: ProviderName;
      sessionId: string;
      providerPaymentId?: string | null;
    }): Promise<CompletionResult> {
      return deps.chatTransaction(async (tx, post) => {
        const payment = await lockPayment(tx, input.provider, input.sessionId);
        if (!payment) return { status: 'unknown' };
        if (payment.status === 'COMPLETADO') return { status: 'duplicate' };
        if (payment.status === 'CANCELADO') return { status: 'conflict' };
        const completed: PaymentRow = {
          ...payment,
          status: 'COMPLETADO',
          completedAt: new Date(),
          providerPaymentId: input.providerPaymentId ?? payment.providerPaymentId,
        };
        const outcome = await deps.onPaid(tx, post, completed);
        if (outcome === 'conflict') {
          // the case was taken meanwhile (another proposal paid first): the provider must refund this one
          deps.log.warn({ paymentId: payment.id }, 'payment for a case no longer open: to be refunded');
          await tx.update(payments).set({ status: 'CANCELADO' }).where(eq(payments.id, payment.id));
          return { status: 'conflict' };
        }
        await tx
          .update(payments)
          .set({
            status: 'COMPLETADO',
            completedAt: completed.completedAt,
            providerPaymentId: completed.providerPaymentId,
          })
          .where(eq(payments.id, payment.id));
        return { status: 'completed' };
      });
    },

    /**
     * The client gave up at the checkout (or the provider's session expired): the payment is cancelled and
     * the proposal may be accepted again. A completed payment is never undone here.
     */
    async cancel(input: { provider: ProviderName; sessionId: string }): Promise<CompletionResult> {
      return db.transaction(async (tx) => {
        const payment = await lockPayment(tx as Db, input.provider, input.sessionId);
        if (!payment) return { status: 'unknown' as const };
        if (payment.status !== 'PENDIENTE') return { status: 'duplicate' as const };
        await tx.update(payments).set({ status: 'CANCELADO' }).where(eq(payments.id, payment.id));
        await tx
          .update(proposals)
          .set({ status: 'PENDIENTE', decidedAt: null })
          .where(and(eq(proposals.id, payment.proposalId), eq(proposals.status, 'ACEPTADA')));
        return { status: 'completed' as const };
      });
    },

    /** What the sandbox checkout page shows. */
    async checkoutSummary(name: ProviderName, sessionId: string) {
      const [row] = await db
        .select({
          status: payments.status,
          clientId: payments.userId,
          amountCents: payments.amountCents,
          caseId: cases.id,
          caseTitle: cases.title,
          lawyerName: users.name,
          lawyerSurname: users.surname,
        })
        .from(payments)
        .innerJoin(cases, eq(cases.id, payments.caseId))
        .innerJoin(users, eq(users.id, payments.lawyerId))
        .where(and(eq(payments.provider, name), eq(payments.providerSessionId, sessionId)));
      return row;
    },
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
