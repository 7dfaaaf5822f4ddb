import { ROLE } from '@l4l/shared/constants/roles';
import { dataEnvelope, emptyEnvelope, pageEnvelope } from '@l4l/shared/envelope';
import {
  adminDisputesQuerySchema,
  adminPaymentSchema,
  adminPaymentsQuerySchema,
  ledgerCheckSchema,
  moneySummarySchema,
  refundSchema,
  resolveDisputeSchema,
} from '@l4l/shared/schemas/admin-money';
import { pageQuerySchema } from '@l4l/shared/schemas/common';
import {
  disputeSchema,
  onboardingLinkSchema,
  openDisputeSchema,
  payoutAccountSchema,
  payoutBalanceSchema,
  sandboxOnboardingSchema,
  transferSchema,
} from '@l4l/shared/schemas/money';
import { es } from '@l4l/shared/texts/es';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/app-error.ts';
import { sendCsv } from '../../lib/csv.ts';
import type { RouteApp } from '../../lib/route-app.ts';
import { currentUser, requireRole } from '../../plugins/auth.ts';
import { roleFor } from '../cases/index.ts';
import { type PaymentsService, SANDBOX_ACCOUNT_ID } from '../payments/index.ts';
import type { MoneyService } from './money.service.ts';

const idParams = z.object({ id: z.uuid() });
const caseParams = z.object({ caseId: z.uuid() });

/** What the routes ask of payments: the provider (is it the sandbox?) and the client's cancel. */
type MoneyPayments = Pick<PaymentsService, 'provider' | 'cancelOwn'>;

/** The lawyer's payout account, its onboarding, balance and transfers. */
function registerPayouts(app: RouteApp, service: MoneyService, payments: MoneyPayments) {
  const lawyerOnly = requireRole(ROLE.ABOGADO);

  app.get(
    '/api/payouts/account',
    { onRequest: lawyerOnly, schema: { response: { 200: dataEnvelope(payoutAccountSchema) } } },
    async (request) => ({ data: await service.account(currentUser(request).id) }),
  );

  app.post(
    '/api/payouts/account/onboarding',
    { onRequest: lawyerOnly, schema: { response: { 200: dataEnvelope(onboardingLinkSchema) } } },
    async (request) => ({ data: await service.onboarding(currentUser(request)) }),
  );

  // the sandbox onboarding page's submit (docs/api/http.md, Money): only where the sandbox provider runs
  if (payments.provider.name === 'sandbox') {
    app.post(
      '/api/payouts/sandbox/:id/complete',
      {
        onRequest: lawyerOnly,
        schema: {
          params: z.object({ id: z.string().regex(SANDBOX_ACCOUNT_ID) }),
          // the holder and the IBAN a provider's onboarding would take: checked as it would check them
          body: sandboxOnboardingSchema,
          response: { 200: dataEnvelope(payoutAccountSchema) },
        },
      },
      async (request) => ({
        data: await service.completeSandboxOnboarding(currentUser(request), request.params.id, request.body),
      }),
    );
  }

  app.get(
    '/api/payouts/balance',
    { onRequest: lawyerOnly, schema: { response: { 200: dataEnvelope(payoutBalanceSchema) } } },
    async (request) => ({ data: await service.balance(currentUser(request).id) }),
  );

  app.get(
    '/api/payouts/transfers',
    {
      onRequest: lawyerOnly,
      schema: { querystring: pageQuerySchema, response: { 200: pageEnvelope(transferSchema) } },
    },
    async (request) => service.transfers(currentUser(request).id, request.query),
  );
}

/** The client's own steps: a dispute over a case, a checkout left. */
function registerClientMoney(app: RouteApp, service: MoneyService, payments: MoneyPayments) {
  app.post(
    '/api/cases/:caseId/dispute',
    {
      onRequest: requireRole(roleFor('dispute')),
      schema: {
        params: caseParams,
        body: openDisputeSchema,
        response: { 200: dataEnvelope(disputeSchema) },
      },
    },
    async (request) => ({
      data: await service.openDispute(currentUser(request), request.params.caseId, request.body.reason),
    }),
  );

  // the client left the checkout: the proposal is free again at once (docs/money.md, Checkout expiry)
  app.post(
    '/api/payments/:id/cancel',
    {
      onRequest: requireRole(ROLE.USUARIO),
      schema: { params: idParams, response: { 200: emptyEnvelope } },
    },
    async (request) => {
      const result = await payments.cancelOwn(currentUser(request).id, request.params.id);
      if (result.status === 'unknown') throw notFound(es.payment.sandboxUnknown);
      return { data: null };
    },
  );
}

/** The administrators' disputes, Pagos (with its CSV), refunds, ledger check and summary. */
function registerMoneyAdministration(app: RouteApp, service: MoneyService) {
  const adminOnly = requireRole(ROLE.ADMIN);

  app.get(
    '/api/admin/disputes',
    {
      onRequest: adminOnly,
      schema: { querystring: adminDisputesQuerySchema, response: { 200: pageEnvelope(disputeSchema) } },
    },
    async (request) => service.disputes(request.query),
  );

  app.post(
    '/api/admin/disputes/:id/resolve',
    {
      onRequest: adminOnly,
      schema: {
        params: idParams,
        body: resolveDisputeSchema,
        response: { 200: dataEnvelope(disputeSchema) },
      },
    },
    async (request) => ({
      data: await service.resolveDispute(currentUser(request), request.params.id, request.body),
    }),
  );

  app.get(
    '/api/admin/payments',
    { onRequest: adminOnly, schema: { querystring: adminPaymentsQuerySchema } },
    async (request, reply) => {
      const { format, dialect, page, pageSize, ...filter } = request.query;
      if (format === 'csv') {
        const { rows } = await service.adminPayments(filter);
        return sendCsv(reply, 'pagos.csv', {
          header: es.admin.money.csvHeader,
          rows: rows.map((row) => [
            row.id,
            // a first consultation's payment names no case
            row.caseCode ?? es.payment.sandboxConsultation,
            row.clientName,
            row.lawyerName,
            row.status,
            { euros: row.amount },
            { euros: row.fee },
            { euros: row.refunded },
            row.transferStatus,
            new Date(row.createdAt),
          ]),
          dialect,
        });
      }
      const { rows, total } = await service.adminPayments(filter, { page, pageSize });
      return reply.send(
        pageEnvelope(adminPaymentSchema).parse({ data: rows, meta: { total, page, pageSize } }),
      );
    },
  );

  app.post(
    '/api/admin/payments/:id/refund',
    {
      onRequest: adminOnly,
      schema: { params: idParams, body: refundSchema, response: { 200: dataEnvelope(adminPaymentSchema) } },
    },
    async (request) => ({
      data: await service.refund(currentUser(request), request.params.id, request.body),
    }),
  );

  app.get(
    '/api/admin/ledger/check',
    { onRequest: adminOnly, schema: { response: { 200: dataEnvelope(ledgerCheckSchema) } } },
    async () => ({ data: await service.ledgerCheck() }),
  );

  app.get(
    '/api/admin/money/summary',
    { onRequest: adminOnly, schema: { response: { 200: dataEnvelope(moneySummarySchema) } } },
    async () => ({ data: await service.summary() }),
  );
}

/**
 * docs/api/http.md, Money: the lawyer's payouts, the client's dispute, and the administrators' Pagos,
 * disputes, refunds and ledger check.
 */
export function moneyRoutes(service: MoneyService, payments: MoneyPayments): FastifyPluginAsyncZod {
  return async (app) => {
    registerPayouts(app, service, payments);
    registerClientMoney(app, service, payments);
    registerMoneyAdministration(app, service);
  };
}
