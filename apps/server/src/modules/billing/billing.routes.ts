import { pageEnvelope } from '@l4l/shared/envelope';
import { billingRowSchema } from '@l4l/shared/schemas/billing';
import { pageQuerySchema } from '@l4l/shared/schemas/common';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authenticate, currentUser, requireOwner } from '../../plugins/auth.ts';
import { createBillingService } from './billing.service.ts';

const userParams = z.object({ id: z.uuid() });
const receiptParams = z.object({ paymentId: z.uuid() });
const billingPage = pageEnvelope(billingRowSchema);

/**
 * docs/api/http.md, Billing: the two billing histories (self or an admin) and (+) the receipt of a
 * payment. The receipt answers to the Bearer header as well as the session cookie, so the web app
 * downloads it with fetch (blob → object URL) and API clients with their token.
 */
const billingModule: FastifyPluginAsyncZod = async (app) => {
  const service = createBillingService(app.db);

  app.get(
    '/api/transaccion/getUserTransaccion/:id',
    {
      onRequest: requireOwner('id', { admin: true }),
      schema: { params: userParams, querystring: pageQuerySchema, response: { 200: billingPage } },
    },
    async (request) => service.ofClient(request.params.id, request.query),
  );

  app.get(
    '/api/transaccion/getLawyerTransaccion/:id',
    {
      onRequest: requireOwner('id', { admin: true }),
      schema: { params: userParams, querystring: pageQuerySchema, response: { 200: billingPage } },
    },
    async (request) => service.ofLawyer(request.params.id, request.query),
  );

  app.get(
    '/api/transaccion/receipt/:paymentId',
    { onRequest: authenticate, schema: { params: receiptParams } },
    async (request, reply) => {
      const { pdf, fileName } = await service.receipt(currentUser(request), request.params.paymentId);
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  );
};

export const billingRoutes = fp(billingModule, { name: 'billing', dependencies: ['auth'] });
