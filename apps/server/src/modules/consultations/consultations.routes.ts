import { ROLE } from '@l4l/shared/constants/roles';
import { dataEnvelope, pageEnvelope } from '@l4l/shared/envelope';
import {
  availabilityAnswerSchema,
  availabilitySchema,
  bookConsultationSchema,
  bookedConsultationSchema,
  cancelConsultationSchema,
  consultationSchema,
  consultationsQuerySchema,
  iceAnswerSchema,
  slotsAnswerSchema,
  slotsQuerySchema,
} from '@l4l/shared/schemas/consultations';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { EventRefused, type Subscribers } from '../../lib/events.ts';
import type { RouteApp } from '../../lib/route-app.ts';
import type { SweepOptions } from '../../lib/scheduled.ts';
import { runEvery } from '../../lib/scheduled.ts';
import { authenticate, currentUser, requireRole } from '../../plugins/auth.ts';
import type { MailOutbox } from '../../plugins/mailer.ts';
import { createConsultationEvents } from './consultation-events.ts';
import { createConsultationsRepository } from './consultations.repository.ts';
import {
  type ConsultationPayments,
  type ConsultationsService,
  createConsultationsService,
} from './consultations.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** first consultations: booking, the payment's outcome, reminders (docs/domain.md, First consultations) */
    consultations: ConsultationsService & { subscribers: Subscribers; remind(now?: Date): Promise<number> };
  }
}

export type ConsultationsPluginOptions = SweepOptions & {
  outbox: MailOutbox;
  /** the money of a paid consultation (app.ts composes it from the payments and money features) */
  payments: () => ConsultationPayments;
  /** reminders and cancellations in the app, and their notices in the parties' chat */
  notifications: FastifyInstance['notifications'];
  chat: FastifyInstance['chat'];
};

const params = z.object({ id: z.uuid() });
const consultationAnswer = dataEnvelope(consultationSchema);

/** The lawyer's weekly availability, and the slots a client may book from it. */
function registerAvailability(app: RouteApp, service: ConsultationsService) {
  const lawyerOnly = requireRole(ROLE.ABOGADO);

  app.get(
    '/api/lawyers/availability',
    { onRequest: lawyerOnly, schema: { response: { 200: dataEnvelope(availabilityAnswerSchema) } } },
    async (request) => ({ data: await service.availability(currentUser(request).id) }),
  );

  app.put(
    '/api/lawyers/availability',
    {
      onRequest: lawyerOnly,
      schema: { body: availabilitySchema, response: { 200: dataEnvelope(availabilityAnswerSchema) } },
    },
    async (request) => ({ data: await service.saveAvailability(currentUser(request).id, request.body) }),
  );

  app.get(
    '/api/lawyers/:id/slots',
    {
      onRequest: authenticate,
      schema: { params, querystring: slotsQuerySchema, response: { 200: dataEnvelope(slotsAnswerSchema) } },
    },
    async (request) => ({ data: await service.slots(request.params.id, request.query) }),
  );
}

/** Booking a consultation, the parties' lists and one consultation, its cancellation and its call's ICE. */
function registerBookings(app: RouteApp, service: ConsultationsService) {
  app.post(
    '/api/consultations',
    {
      onRequest: authenticate,
      schema: { body: bookConsultationSchema, response: { 200: dataEnvelope(bookedConsultationSchema) } },
    },
    async (request) => ({ data: await service.book(currentUser(request), request.body) }),
  );

  app.get(
    '/api/consultations',
    {
      onRequest: authenticate,
      schema: { querystring: consultationsQuerySchema, response: { 200: pageEnvelope(consultationSchema) } },
    },
    async (request) => service.list(currentUser(request), request.query),
  );

  app.get(
    '/api/consultations/:id',
    { onRequest: authenticate, schema: { params, response: { 200: consultationAnswer } } },
    async (request) => ({ data: await service.get(currentUser(request), request.params.id) }),
  );

  app.post(
    '/api/consultations/:id/cancel',
    {
      onRequest: authenticate,
      schema: { params, body: cancelConsultationSchema, response: { 200: consultationAnswer } },
    },
    async (request) => ({
      data: await service.cancel(currentUser(request), request.params.id, request.body?.reason),
    }),
  );

  app.get(
    '/api/consultations/:id/ice',
    { onRequest: authenticate, schema: { params, response: { 200: dataEnvelope(iceAnswerSchema) } } },
    async (request) => ({ data: await service.ice(currentUser(request), request.params.id) }),
  );
}

/** docs/api/http.md, First consultations: availability, slots, booking, the parties' lists, cancel, ICE. */
const consultationsModule: FastifyPluginAsyncZod<ConsultationsPluginOptions> = async (app, options) => {
  const now = options.now ?? (() => new Date());
  const events = createConsultationEvents({
    db: app.db,
    publicUrl: app.config.publicUrl,
    outbox: options.outbox,
    notifications: options.notifications,
    chat: options.chat,
    log: app.log,
  });
  const service = createConsultationsService({
    db: app.db,
    config: app.config,
    events,
    payments: options.payments,
    now,
    log: app.log,
  });
  // the payments' events (docs/decisions/0030-one-event-map.md)
  const subscribers = consultationSubscribers(service, events);
  app.decorate('consultations', {
    ...service,
    subscribers,
    remind: (at?: Date) => events.remind(at ?? now()),
  });
  // docs/domain.md, First consultations: the reminders' sweep, once a minute
  runEvery(
    app,
    options.sweepIntervalMs ?? (app.config.env === 'test' ? 0 : 60_000),
    'consultation reminders',
    () => events.remind(now()),
  );

  registerAvailability(app, service);
  registerBookings(app, service);
};

export default fp(consultationsModule, {
  name: 'consultations',
  dependencies: ['config', 'chat', 'notifications'],
});

/**
 * docs/money.md, First consultations: a consultation's payment reserves it (or is refused when its slot is
 * gone), its checkout closed unpaid frees the slot, and an administrator's refund from Pagos is told to both
 * parties (a cancellation's own refund is told by its cancellation).
 */
function consultationSubscribers(
  service: Pick<ConsultationsService, 'paid' | 'released'>,
  events: Pick<ReturnType<typeof createConsultationEvents>, 'refundedByAdmin'>,
) {
  return {
    'payment.completed': async (tx, afterCommit, { payment }) => {
      if (!payment.consultationId) return;
      if ((await service.paid(tx, afterCommit, payment.id)) === 'conflict') {
        throw new EventRefused('the consultation no longer takes a payment');
      }
    },
    'checkout.released': async (tx, _afterCommit, { paymentId, consultationId }) => {
      if (consultationId) await service.released(tx, paymentId);
    },
    'payment.refunded': async (
      tx,
      afterCommit,
      { paymentId, consultationId, adminId, amountCents, reason },
    ) => {
      if (!consultationId || !adminId) return;
      const row = await createConsultationsRepository(tx).byPayment(paymentId);
      if (row) await events.refundedByAdmin(tx, afterCommit, row, amountCents, reason);
    },
  } satisfies Subscribers;
}
