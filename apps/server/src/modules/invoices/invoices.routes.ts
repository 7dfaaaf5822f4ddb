import { ROLE } from '@l4l/shared/constants/roles';
import { dataEnvelope, pageEnvelope } from '@l4l/shared/envelope';
import { csvDialectSchema, pageQuerySchema } from '@l4l/shared/schemas/common';
import { fiscalProfileInputSchema, fiscalProfileSchema, invoiceSchema } from '@l4l/shared/schemas/invoices';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { oneProcessAtATime } from '../../db/one-at-a-time.ts';
import { sendCsv } from '../../lib/csv.ts';
import type { Subscribers } from '../../lib/events.ts';
import { runEvery } from '../../lib/scheduled.ts';
import { authenticate, currentUser, requireRole } from '../../plugins/auth.ts';
import { BOOK_HEADER } from './invoice-exports.ts';
import { createInvoicesService, type InvoicesService } from './invoices.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** invoices and their records; issued and rectified inside the payment's transaction */
    invoices: InvoicesService & { subscribers: Subscribers };
  }
}

/** How often records whose submission failed are sent again (docs/invoices.md, Submission). */
const RETRY_MS = 60_000;
const idParams = z.object({ id: z.uuid() });
const csvQuery = z.object({ format: z.enum(['csv']).default('csv'), dialect: csvDialectSchema });
const recordsQuery = z.object({
  issuerNif: z.string().trim().toUpperCase().max(20).optional(),
  format: z.enum(['json', 'xml']).default('json'),
});
const recordSchema = z.object({
  kind: z.enum(['alta', 'anulacion']),
  IDEmisorFactura: z.string(),
  NumSerieFactura: z.string(),
  FechaExpedicionFactura: z.string(),
  TipoFactura: z.string(),
  CuotaTotal: z.string(),
  ImporteTotal: z.string(),
  HuellaAnterior: z.string(),
  Huella: z.string(),
  FechaHoraHusoGenRegistro: z.string(),
});

/** docs/invoices.md: fiscal profiles, invoices and their PDFs, the book and the VERI*FACTU records. */
const invoicesModule: FastifyPluginAsyncZod = async (app) => {
  // two processes would send the same records, each counting the AEAT's waiting time for itself
  const submissions = oneProcessAtATime(app.database.statements, 'verifactuSubmission');
  const service = createInvoicesService({
    db: app.db,
    config: app.config,
    log: app.log,
    exclusive: (work) => submissions.run(work),
  });
  // docs/invoices.md, What is issued when: a completed payment's invoices, a refund's rectifying ones
  const subscribers = {
    'payment.completed': (tx, afterCommit, { payment }) => service.issueForPayment(tx, afterCommit, payment),
    'payment.refunded': async (tx, _afterCommit, refund) => {
      // a late payment was never completed, so never invoiced
      if (refund.late) return;
      const part = refund.full ? undefined : { refundCents: refund.amountCents, ofCents: refund.ofCents };
      await service.rectifyPayment(tx, refund.paymentId, refund.at, part);
    },
  } satisfies Subscribers;
  app.decorate('invoices', { ...service, subscribers });
  // records whose submission failed are sent again every minute by the shared scheduler, which logs a
  // failed run and waits for the last one on close (outside tests, which call it themselves)
  runEvery(app, app.config.env === 'test' ? 0 : RETRY_MS, 'VERI*FACTU submission retry', () =>
    service.submitPending(),
  );
  // after the scheduler's last run (its own hook, added first)
  app.addHook('onClose', () => submissions.close());

  app.get(
    '/api/billing/fiscal-profile',
    { onRequest: authenticate, schema: { response: { 200: dataEnvelope(fiscalProfileSchema.nullable()) } } },
    async (request) => ({ data: await service.fiscalProfile(currentUser(request)) }),
  );

  app.put(
    '/api/billing/fiscal-profile',
    {
      onRequest: authenticate,
      schema: { body: fiscalProfileInputSchema, response: { 200: dataEnvelope(fiscalProfileSchema) } },
    },
    async (request) => ({ data: await service.saveFiscalProfile(currentUser(request), request.body) }),
  );

  app.get(
    '/api/invoices',
    {
      onRequest: authenticate,
      schema: { querystring: pageQuerySchema, response: { 200: pageEnvelope(invoiceSchema) } },
    },
    async (request) => service.listMine(currentUser(request), request.query),
  );

  app.get(
    '/api/invoices/:id/pdf',
    { onRequest: authenticate, schema: { params: idParams } },
    async (request, reply) => {
      const { pdf, fileName } = await service.pdf(currentUser(request), request.params.id);
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  );

  app.get(
    '/api/admin/invoices',
    { onRequest: requireRole(ROLE.ADMIN), schema: { querystring: csvQuery } },
    async (request, reply) =>
      sendCsv(reply, 'libro-facturas-expedidas.csv', {
        header: BOOK_HEADER,
        rows: await service.bookRows(),
        dialect: request.query.dialect,
      }),
  );

  app.get(
    '/api/admin/verifactu/records',
    { onRequest: requireRole(ROLE.ADMIN), schema: { querystring: recordsQuery } },
    async (request, reply) => {
      const { issuerNif, format } = request.query;
      if (format === 'xml') {
        return reply.type('application/xml; charset=utf-8').send(await service.recordsXml(issuerNif));
      }
      const rows = await service.records(issuerNif);
      const records = rows.map(({ record: r }) =>
        recordSchema.parse({
          kind: r.kind,
          IDEmisorFactura: r.issuerNif,
          NumSerieFactura: r.numSerie,
          FechaExpedicionFactura: r.issueDate,
          TipoFactura: r.invoiceType,
          CuotaTotal: r.cuotaTotal,
          ImporteTotal: r.importeTotal,
          HuellaAnterior: r.previousHuella,
          Huella: r.huella,
          FechaHoraHusoGenRegistro: r.generatedAt,
        }),
      );
      return { data: { records } };
    },
  );
};

export const invoicesRoutes = fp(invoicesModule, { name: 'invoices', dependencies: ['auth', 'config'] });
