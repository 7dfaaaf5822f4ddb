import { dataEnvelope, pageEnvelope } from '@l4l/shared/envelope';
import { newRatingSchema, savedRatingSchema } from '@l4l/shared/schemas/cases';
import { pageQuerySchema } from '@l4l/shared/schemas/common';
import { ratingSchema } from '@l4l/shared/schemas/lawyers';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authenticate, currentUser, requireOwner, requireRole } from '../../plugins/auth.ts';
import { roleFor } from '../cases/index.ts';
import type { NotifyEvent } from '../notifications/index.ts';
import { createRatingsService, type RatingsService } from './ratings.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** reading ratings, for the features that show them (the lawyer's public profile) */
    ratings: RatingsService;
  }
}

const params = z.object({ id: z.uuid() });
const ratingsPage = pageEnvelope(ratingSchema);
const ratingAnswer = dataEnvelope(savedRatingSchema);

/** Reading a client's or a lawyer's ratings, and rating a finished case. */
export type RatingsPluginOptions = {
  /** reports a rating to its lawyer (docs/notifications.md, Event types) */
  notify: NotifyEvent;
};

const ratingsModule: FastifyPluginAsyncZod<RatingsPluginOptions> = async (app, options) => {
  const service = createRatingsService({
    db: app.db,
    cases: () => app.cases,
    notify: options.notify,
    log: app.log,
  });
  app.decorate('ratings', service);

  app.post(
    '/api/rating/new-rating',
    {
      // the case machine's guard for `rate`; the rest of the rule is its `authorize`
      onRequest: requireRole(roleFor('rate')),
      schema: { body: newRatingSchema, response: { 200: ratingAnswer } },
    },
    async (request) => ({ data: await service.rate(currentUser(request), request.body) }),
  );

  app.get(
    '/api/rating/user-rating/:id',
    {
      onRequest: requireOwner('id', { admin: true }),
      schema: { params, querystring: pageQuerySchema, response: { 200: ratingsPage } },
    },
    async (request) => service.byUser(request.params.id, request.query),
  );

  app.get(
    '/api/rating/lawyer-rating/:id',
    {
      onRequest: authenticate,
      schema: { params, querystring: pageQuerySchema, response: { 200: ratingsPage } },
    },
    async (request) => service.ofLawyer(request.params.id, request.query),
  );
};

export const ratingsRoutes = fp(ratingsModule, { name: 'ratings', dependencies: ['auth'] });
