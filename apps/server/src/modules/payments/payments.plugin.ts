import { caseCode } from '@l4l/shared/constants/cases';
import { PAYMENT_RESULT_PATHS } from '@l4l/shared/constants/pages';
import { formatEuros } from '@l4l/shared/format';
import { centsToEuros } from '@l4l/shared/schemas/common';
import { ERROR_MESSAGES } from '@l4l/shared/texts/errors';
import { es } from '@l4l/shared/texts/es';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { madridText } from '../../lib/consultation-slots.ts';
import { resolveUser } from '../../plugins/auth.ts';
import { escapeHtml } from '../../plugins/mailer.ts';
import type { PaymentProvider } from './payment-provider.ts';
import { createPaymentsService, type PaymentsService } from './payments.service.ts';
import { createSandboxProvider, SANDBOX_SESSION_ID } from './sandbox-provider.ts';
import { createStripeProvider } from './stripe-provider.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** checkouts and their completion (the cases feature opens them; providers complete them) */
    payments: PaymentsService;
  }
}

export type PaymentsPluginOptions = {
  /** another provider than the configured one (tests) */
  provider?: PaymentProvider;
  /** the client's notice in the chat when a second payment goes back */
  chat: FastifyInstance['chat'];
};

/** docs/domain.md, Money: Stripe when its key is set, otherwise the sandbox. */
export function providerFor(config: Config): PaymentProvider {
  return config.stripe ? createStripeProvider(config) : createSandboxProvider(config.publicUrl);
}

const sessionParams = z.object({ sessionId: z.string().regex(SANDBOX_SESSION_ID) });

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="es"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · L4L</title>
<style>
  body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f4f6fa;color:#1b1b1b;display:grid;place-items:center;min-height:100vh;padding:16px;box-sizing:border-box}
  main{background:#fff;border-radius:12px;box-shadow:0 4px 24px rgba(29,53,87,.12);max-width:440px;width:100%;padding:28px}
  h1{font-size:1.35rem;margin:0 0 4px;color:#1d3557}
  .badge{display:inline-block;background:#fff4d6;color:#7a5200;border:1px solid #f0c75e;border-radius:999px;padding:4px 12px;font-size:.85rem;font-weight:600;margin:8px 0 16px}
  dl{display:grid;grid-template-columns:auto 1fr;gap:8px 16px;margin:0 0 20px}
  dt{color:#5b6475}dd{margin:0;font-weight:600;overflow-wrap:anywhere}
  .amount{font-size:1.6rem;color:#1d3557}
  .actions{display:flex;gap:12px;flex-wrap:wrap}
  form{flex:1}
  button{width:100%;min-height:44px;border-radius:8px;font-size:1rem;font-weight:600;cursor:pointer;border:1px solid #1d3557}
  .pay{background:#1d3557;color:#fff}.cancel{background:#fff;color:#1d3557}
  button:focus-visible{outline:3px solid #e9a23b;outline-offset:2px}
  p{line-height:1.5}
  a{color:#1d3557}
</style></head><body><main>${body}</main></body></html>`;
}

/**
 * The sandbox provider's checkout: a plain page whose two buttons post forms. The
 * session id in the link is not enough: the page and both buttons need the session (cookie or Bearer) of
 * the client who accepted the proposal. An anonymous visitor gets 401 (the page: a Spanish page saying to
 * sign in, with a link home), anyone else 404, as for a checkout that does not exist.
 */
const sandboxRoutes: FastifyPluginAsyncZod = async (app) => {
  // the page's forms post no fields; their body is not read
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, _body, done) =>
    done(null, {}),
  );

  /** The checkout of the caller's own payment; undefined when there is none (or it is someone else's). */
  async function ownCheckout(request: FastifyRequest, sessionId: string) {
    const user = await resolveUser(request);
    if (!user) return { user: null, summary: undefined };
    const summary = await app.payments.checkoutSummary('sandbox', sessionId);
    return { user, summary: summary?.clientId === user.id ? summary : undefined };
  }

  /** The buttons' guard: 401 without a session, 404 unless the payment is the caller's. */
  async function assertOwnCheckout(request: FastifyRequest, sessionId: string) {
    const { user, summary } = await ownCheckout(request, sessionId);
    if (!user) throw new AppError('UNAUTHENTICATED');
    if (!summary) throw new AppError('NOT_FOUND', { message: es.payment.sandboxUnknown });
  }

  app.get('/payment/sandbox/:sessionId', { schema: { params: sessionParams } }, async (request, reply) => {
    const { user, summary } = await ownCheckout(request, request.params.sessionId);
    reply.type('text/html; charset=utf-8');
    if (!user) {
      reply.code(401);
      return page(
        es.payment.sandboxTitle,
        `<h1>${escapeHtml(ERROR_MESSAGES.UNAUTHENTICATED)}</h1><p><a href="/">${escapeHtml(es.payment.backHome)}</a></p>`,
      );
    }
    if (!summary) {
      reply.code(404);
      return page(es.payment.sandboxTitle, `<h1>${escapeHtml(es.payment.sandboxUnknown)}</h1>`);
    }
    const base = `/payment/sandbox/${request.params.sessionId}`;
    const facts = `<dl>
      ${
        summary.caseId
          ? `<dt>${escapeHtml(es.payment.sandboxCase)}</dt><dd>#${escapeHtml(caseCode(summary.caseId))} · ${escapeHtml(summary.caseTitle ?? '')}</dd>`
          : `<dt>${escapeHtml(es.payment.sandboxConsultation)}</dt><dd>${escapeHtml(summary.consultationStart ? madridText(summary.consultationStart) : '')}</dd>`
      }
      <dt>${escapeHtml(es.payment.sandboxLawyer)}</dt><dd>${escapeHtml(`${summary.lawyerName} ${summary.lawyerSurname}`)}</dd>
      <dt>${escapeHtml(es.payment.sandboxAmount)}</dt><dd class="amount">${escapeHtml(formatEuros(centsToEuros(summary.amountCents)))}</dd>${
        summary.withheldCents > 0
          ? `
      <dt>${escapeHtml(es.payment.sandboxWithheld)} (${summary.irpfRate} %)</dt><dd>${escapeHtml(formatEuros(centsToEuros(summary.withheldCents)))}</dd>`
          : ''
      }
    </dl>`;
    if (summary.status !== 'PENDIENTE') {
      const text = summary.status === 'COMPLETADO' ? es.payment.sandboxAlreadyPaid : es.payment.sandboxClosed;
      return page(
        es.payment.sandboxTitle,
        `<h1>${escapeHtml(es.payment.sandboxTitle)}</h1>${facts}<p>${escapeHtml(text)}</p><p><a href="/dashboard">${escapeHtml(es.payment.backHome)}</a></p>`,
      );
    }
    return page(
      es.payment.sandboxTitle,
      `<h1>${escapeHtml(es.payment.sandboxTitle)}</h1>
      <span class="badge">${escapeHtml(es.payment.sandboxBadge)}</span>
      ${facts}
      <p>${escapeHtml(es.payment.sandboxExplanation)}</p>
      <div class="actions">
        <form method="post" action="${base}/pay"><button class="pay" type="submit">${escapeHtml(es.payment.sandboxPay)}</button></form>
        <form method="post" action="${base}/cancel"><button class="cancel" type="submit">${escapeHtml(es.payment.sandboxCancel)}</button></form>
      </div>`,
    );
  });

  app.post(
    '/payment/sandbox/:sessionId/pay',
    { schema: { params: sessionParams } },
    async (request, reply) => {
      await assertOwnCheckout(request, request.params.sessionId);
      const result = await app.payments.payInSandbox(request.params.sessionId);
      if (result.status === 'unknown') throw notFound(es.payment.sandboxUnknown);
      const paid = result.status === 'completed' || result.status === 'duplicate';
      return reply.redirect(paid ? PAYMENT_RESULT_PATHS.success : PAYMENT_RESULT_PATHS.failure, 303);
    },
  );

  app.post(
    '/payment/sandbox/:sessionId/cancel',
    { schema: { params: sessionParams } },
    async (request, reply) => {
      await assertOwnCheckout(request, request.params.sessionId);
      const result = await app.payments.cancel({ provider: 'sandbox', sessionId: request.params.sessionId });
      if (result.status === 'unknown') throw notFound(es.payment.sandboxUnknown);
      return reply.redirect(PAYMENT_RESULT_PATHS.cancelled, 303);
    },
  );
};

async function payments(app: FastifyInstance, options: PaymentsPluginOptions) {
  const service = createPaymentsService({
    db: app.db,
    provider: options.provider ?? providerFor(app.config),
    publicUrl: app.config.publicUrl,
    feePercent: app.config.platformFeePercent,
    chat: options.chat,
    events: app.events,
    log: app.log,
  });
  app.decorate('payments', service);
  if (service.provider.name !== 'sandbox') return;
  // a checkout that takes no money must never complete payments on a production site by mistake
  if (app.config.env === 'production' && !app.config.allowSandboxPayments) {
    throw new Error('the sandbox payment provider does not run in production (ALLOW_SANDBOX_PAYMENTS)');
  }
  await app.register(sandboxRoutes);
}

export default fp(payments, { name: 'payments', dependencies: ['config', 'chat'] });
