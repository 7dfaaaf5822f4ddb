import { pageEnvelope } from '@l4l/shared/envelope';
import { pageQuerySchema } from '@l4l/shared/schemas/common';
import { ratingSchema } from '@l4l/shared/schemas/lawyers';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authenticate, requireOwner } from '../../plugins/auth.ts';
import { createRatingsService, type RatingsService } from './ratings.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** reading ratings, for the features that show them (the lawyer's public profile) */
    ratings: RatingsService;
  }
}

const params = z.object({ id: z.uuid() });
const ratingsPage = pageEnvelope(ratingSchema);

/** docs/api/http.md, Ratings, the two GET rows. POST /api/rating/new-rating is the cases feature's. */
const ratingsModule: FastifyPluginAsyncZod = async (app) => {
  const service = createRatingsService(app.db);
  app.decorate('ratings', service);

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
