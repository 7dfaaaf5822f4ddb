import { dataEnvelope } from '@l4l/shared/envelope';
import {
  counterOfferSchema,
  declineCounterSchema,
  proposalInputSchema,
  proposalSchema,
  rejectProposalSchema,
  replaceProposalSchema,
} from '@l4l/shared/schemas/cases';
import { chatMessageSchema } from '@l4l/shared/schemas/chat';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Subscribers } from '../../lib/events.ts';
import type { RouteApp } from '../../lib/route-app.ts';
import { currentUser, requireRole } from '../../plugins/auth.ts';
import { roleFor } from '../cases/index.ts';
import type { PaymentsService } from '../payments/index.ts';
import { createProposalPayments } from './proposal-payments.ts';
import { createProposalsService, type ProposalsService } from './proposals.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** what app.ts composes: see `ProposalsApi` */
    proposals: ProposalsApi;
  }
}

/** What proposals do when a payment completes or a checkout closes unpaid (app.ts subscribes them). */
export type ProposalsApi = { subscribers: Subscribers };

const caseParams = z.object({ caseId: z.uuid() });
const proposalParams = z.object({ proposalId: z.uuid() });

/** The lawyer's proposal to a case, and the client's acceptance or rejection of it. */
function registerProposalDecisions(app: RouteApp, service: ProposalsService) {
  app.post(
    '/api/proposal/create-proposal-to-case/:caseId',
    {
      onRequest: requireRole(roleFor('propose')),
      schema: {
        params: caseParams,
        body: proposalInputSchema,
        response: { 200: dataEnvelope(proposalSchema) },
      },
    },
    async (request) => ({
      data: await service.propose(currentUser(request), request.params.caseId, request.body),
    }),
  );

  app.post(
    '/api/proposal/accept-proposal/:proposalId',
    {
      onRequest: requireRole(roleFor('accept')),
      schema: { params: proposalParams, response: { 200: dataEnvelope(z.string()) } },
    },
    async (request) => ({ data: await service.accept(currentUser(request), request.params.proposalId) }),
  );

  app.post(
    '/api/proposal/reject-proposal/:proposalId/:chatId',
    {
      onRequest: requireRole(roleFor('reject')),
      schema: {
        params: proposalParams.extend({ chatId: z.uuid() }),
        body: rejectProposalSchema,
        response: { 200: dataEnvelope(proposalSchema) },
      },
    },
    async (request) => ({
      data: await service.reject(
        currentUser(request),
        request.params.proposalId,
        request.params.chatId,
        request.body?.reason ?? null,
      ),
    }),
  );
}

/** (+) A proposal's revisions: the lawyer withdraws or replaces it, the client counters, the lawyer declines. */
function registerProposalRevisions(app: RouteApp, service: ProposalsService) {
  app.post(
    '/api/proposal/:proposalId/withdraw',
    {
      onRequest: requireRole(roleFor('withdrawProposal')),
      schema: { params: proposalParams, response: { 200: dataEnvelope(proposalSchema) } },
    },
    async (request) => ({ data: await service.withdraw(currentUser(request), request.params.proposalId) }),
  );

  app.post(
    '/api/proposal/:proposalId/replace',
    {
      onRequest: requireRole(roleFor('replaceProposal')),
      schema: {
        params: proposalParams,
        body: replaceProposalSchema,
        response: { 200: dataEnvelope(proposalSchema) },
      },
    },
    async (request) => ({
      data: await service.replace(currentUser(request), request.params.proposalId, request.body),
    }),
  );

  app.post(
    '/api/proposal/:proposalId/decline-counter-offer',
    {
      onRequest: requireRole(roleFor('declineCounter')),
      schema: {
        params: proposalParams,
        body: declineCounterSchema.nullish(),
        response: { 200: dataEnvelope(proposalSchema) },
      },
    },
    async (request) => ({
      data: await service.declineCounterOffer(currentUser(request), request.params.proposalId, {
        message: request.body?.message,
      }),
    }),
  );

  app.post(
    '/api/proposal/:proposalId/counter-offer',
    {
      onRequest: requireRole(roleFor('counterOffer')),
      schema: {
        params: proposalParams,
        body: counterOfferSchema,
        response: { 200: dataEnvelope(chatMessageSchema) },
      },
    },
    async (request) => ({
      data: await service.counterOffer(currentUser(request), request.params.proposalId, request.body),
    }),
  );
}

/**
 * Making, accepting and rejecting proposals; (+) withdrawing or replacing one, and the client's counter-offer.
 * The role guards are the case machine's.
 */
function routes(service: ProposalsService): FastifyPluginAsyncZod {
  return async (app) => {
    registerProposalDecisions(app, service);
    registerProposalRevisions(app, service);
  };
}

export type ProposalsPluginOptions = {
  /** opens the checkout of an accepted proposal (the payments feature) */
  payments: Pick<PaymentsService, 'openCheckout'>;
  /** the proposals' cards and notices in the pair's chat */
  chat: FastifyInstance['chat'];
  /** the case a proposal is for: locked, activated, its board figures */
  cases: FastifyInstance['cases'];
};

async function proposals(app: FastifyInstance, options: ProposalsPluginOptions) {
  const service = createProposalsService({
    db: app.db,
    chat: options.chat,
    cases: options.cases,
    payments: options.payments,
    events: app.events,
    log: app.log,
  });
  const subscribers = createProposalPayments({ chat: options.chat, cases: options.cases });
  app.decorate('proposals', { subscribers } satisfies ProposalsApi);
  await app.register(routes(service));
}

export const proposalsRoutes = fp(proposals, { name: 'proposals', dependencies: ['auth', 'chat', 'cases'] });
