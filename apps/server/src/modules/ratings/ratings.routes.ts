import { ROLE } from '@l4l/shared/constants/roles';
import { dataEnvelope, pageEnvelope } from '@l4l/shared/envelope';
import { newRatingSchema, savedRatingSchema } from '@l4l/shared/schemas/cases';
import { pageQuerySchema } from '@l4l/shared/schemas/common';
import { ratingSchema } from '@l4l/shared/schemas/lawyers';
import {
  adminRatingReportSchema,
  adminRatingReportsQuerySchema,
  ratingDecisionAnswerSchema,
  ratingDecisionSchema,
  ratingReplyInputSchema,
  ratingReportInputSchema,
  savedReplySchema,
  savedReportSchema,
} from '@l4l/shared/schemas/ratings';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/database.ts';
import type { RouteApp } from '../../lib/route-app.ts';
import { authenticate, currentUser, requireOwner, requireRole } from '../../plugins/auth.ts';
import type { AuditInsert } from '../admin/index.ts';
import { type CasesApi, roleFor } from '../cases/index.ts';
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

const decisionAnswer = dataEnvelope(ratingDecisionAnswerSchema);

export type RatingsPluginOptions = {
  /** locks the rated case (the cases feature) */
  cases: Pick<CasesApi, 'lockCase'>;
  /** the administration's audit log, written in the decision's transaction */
  audit: (tx: Db, entry: AuditInsert) => Promise<void>;
};

/** Rating a finished case, reading a client's or a lawyer's ratings, the lawyer's answer, a report. */
function registerRatings(app: RouteApp, service: RatingsService) {
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

  app.post(
    '/api/rating/:id/reply',
    {
      onRequest: requireRole(ROLE.ABOGADO),
      schema: { params, body: ratingReplyInputSchema, response: { 200: dataEnvelope(savedReplySchema) } },
    },
    async (request) => ({
      data: await service.reply(currentUser(request), request.params.id, request.body.text),
    }),
  );

  app.post(
    '/api/rating/:id/report',
    {
      onRequest: authenticate,
      schema: { params, body: ratingReportInputSchema, response: { 200: dataEnvelope(savedReportSchema) } },
    },
    async (request) => ({
      data: await service.report(currentUser(request), request.params.id, request.body.reason),
    }),
  );
}

/** The administrators' list of reported ratings, and their decision on one: hide it or keep it. */
function registerRatingModeration(app: RouteApp, service: RatingsService) {
  const adminOnly = requireRole(ROLE.ADMIN);

  app.get(
    '/api/admin/ratings/reports',
    {
      onRequest: adminOnly,
      schema: {
        querystring: adminRatingReportsQuerySchema,
        response: { 200: pageEnvelope(adminRatingReportSchema) },
      },
    },
    async (request) => service.reports(request.query),
  );

  // hide or keep: the same body and answer, one decision each
  for (const decision of ['hide', 'keep'] as const) {
    app.post(
      `/api/admin/ratings/:id/${decision}`,
      {
        onRequest: adminOnly,
        schema: { params, body: ratingDecisionSchema, response: { 200: decisionAnswer } },
      },
      async (request) => ({
        data: await service[decision](currentUser(request), request.params.id, request.body.note),
      }),
    );
  }
}

/**
 * Reading a client's or a lawyer's ratings, rating a finished case, the lawyer's answer, reports of
 * abusive ratings and the administrators' decisions on them (docs/api/http.md, Ratings and Administration).
 */
const ratingsModule: FastifyPluginAsyncZod<RatingsPluginOptions> = async (app, options) => {
  const service = createRatingsService({
    db: app.db,
    cases: options.cases,
    events: app.events,
    audit: options.audit,
    log: app.log,
  });
  app.decorate('ratings', service);

  registerRatings(app, service);
  registerRatingModeration(app, service);
};

export const ratingsRoutes = fp(ratingsModule, { name: 'ratings', dependencies: ['auth'] });
