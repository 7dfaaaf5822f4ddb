import { ROLE } from '@l4l/shared/constants/roles';
import { dataEnvelope, type PageEnvelope, pageEnvelope } from '@l4l/shared/envelope';
import {
  adminCasesQuerySchema,
  approveCaseSchema,
  type BoardCase,
  boardCaseSchema,
  boardQuerySchema,
  caseChatSchema,
  caseSchema,
  discardCaseSchema,
  myCasesQuerySchema,
  newCaseSchema,
  newRatingSchema,
  progressSchema,
  proposalInputSchema,
  proposalSchema,
} from '@l4l/shared/schemas/cases';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { jsonRenderer } from '../../lib/rendered-json.ts';
import { currentUser, requireOwner, requireRole } from '../../plugins/auth.ts';
import { type CasesService, createCasesService } from './cases.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** what other features ask of cases (payments: a confirmed payment activates its case) */
    cases: Pick<CasesService, 'activateFromPayment'>;
  }
}

const caseParams = z.object({ caseId: z.uuid() });
const userParams = z.object({ id: z.uuid() });
const proposalParams = z.object({ proposalId: z.uuid() });
const caseEnvelope = dataEnvelope(caseSchema);
const casesPage = pageEnvelope(caseSchema);
const boardPage = pageEnvelope(boardCaseSchema);
// the board's shared pages are serialized once per cached value (lib/rendered-json.ts)
const sendBoard = jsonRenderer(boardPage, (page: PageEnvelope<BoardCase>) => page);
const ratingAnswer = dataEnvelope(
  z.object({
    id: z.string(),
    caseId: z.string(),
    userId: z.string(),
    lawyerId: z.string(),
    stars: z.number().int(),
    title: z.string(),
    description: z.string(),
    date: z.string(),
  }),
);

/** docs/api/http.md: Cases, Proposals, POST /api/rating/new-rating and the case rows of Administration. */
function routes(service: CasesService): FastifyPluginAsyncZod {
  return async (app) => {
    const client = requireRole(ROLE.USUARIO);
    const lawyer = requireRole(ROLE.ABOGADO);
    const admin = requireRole(ROLE.ADMIN);
    const anyone = requireRole(ROLE.USUARIO, ROLE.ABOGADO, ROLE.ADMIN);
    const clientSelf = [requireRole(ROLE.USUARIO, ROLE.ADMIN), requireOwner('id')];
    const lawyerSelf = [requireRole(ROLE.ABOGADO, ROLE.ADMIN), requireOwner('id')];

    app.post(
      '/api/cases/new-case',
      { onRequest: client, schema: { body: newCaseSchema, response: { 200: caseEnvelope } } },
      async (request) => ({ data: await service.createCase(currentUser(request), request.body) }),
    );

    app.post(
      '/api/cases/create-case-chat',
      {
        onRequest: client,
        schema: {
          body: caseChatSchema,
          response: { 200: dataEnvelope(z.object({ case: caseSchema, chatId: z.string() })) },
        },
      },
      async (request) => ({ data: await service.createCaseChat(currentUser(request), request.body) }),
    );

    app.get(
      '/api/cases/user/:id',
      {
        onRequest: clientSelf,
        schema: { params: userParams, querystring: myCasesQuerySchema, response: { 200: casesPage } },
      },
      async (request) => service.clientCases(request.params.id, request.query),
    );

    app.get(
      '/api/cases/lawyer/:id',
      {
        onRequest: lawyerSelf,
        schema: { params: userParams, querystring: myCasesQuerySchema, response: { 200: casesPage } },
      },
      async (request) => service.lawyerCases(request.params.id, request.query),
    );

    app.get(
      '/api/cases/user/case/:caseId',
      { onRequest: anyone, schema: { params: caseParams, response: { 200: caseEnvelope } } },
      async (request) => ({ data: await service.getCase(currentUser(request), request.params.caseId) }),
    );

    app.get(
      '/api/cases/pending-cases',
      {
        onRequest: lawyer,
        schema: { querystring: boardQuerySchema, response: { 200: boardPage } },
      },
      async (request, reply) => sendBoard(reply, await service.board(currentUser(request), request.query)),
    );

    app.put(
      '/api/cases/:caseId/progress',
      {
        onRequest: lawyer,
        schema: { params: caseParams, body: progressSchema, response: { 200: caseEnvelope } },
      },
      async (request) => ({
        data: await service.progress(currentUser(request), request.params.caseId, request.body.progressStep),
      }),
    );

    app.post(
      '/api/cases/close-case/:caseId',
      { onRequest: lawyer, schema: { params: caseParams, response: { 200: caseEnvelope } } },
      async (request) => ({
        data: await service.requestClosure(currentUser(request), request.params.caseId),
      }),
    );

    app.post(
      '/api/cases/confirm-close-case/:caseId/:chatId',
      {
        onRequest: client,
        schema: { params: caseParams.extend({ chatId: z.uuid() }), response: { 200: caseEnvelope } },
      },
      async (request) => ({
        data: await service.confirmClosure(
          currentUser(request),
          request.params.caseId,
          request.params.chatId,
        ),
      }),
    );

    app.post(
      '/api/cases/discard-close-case/:caseId',
      { onRequest: client, schema: { params: caseParams, response: { 200: caseEnvelope } } },
      async (request) => ({
        data: await service.discardClosure(currentUser(request), request.params.caseId),
      }),
    );

    app.post(
      '/api/proposal/create-proposal-to-case/:caseId',
      {
        onRequest: lawyer,
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
      { onRequest: client, schema: { params: proposalParams, response: { 200: dataEnvelope(z.string()) } } },
      async (request) => ({ data: await service.accept(currentUser(request), request.params.proposalId) }),
    );

    app.post(
      '/api/proposal/reject-proposal/:proposalId/:chatId',
      {
        onRequest: client,
        schema: {
          params: proposalParams.extend({ chatId: z.uuid() }),
          response: { 200: dataEnvelope(proposalSchema) },
        },
      },
      async (request) => ({
        data: await service.reject(currentUser(request), request.params.proposalId, request.params.chatId),
      }),
    );

    app.post(
      '/api/rating/new-rating',
      { onRequest: client, schema: { body: newRatingSchema, response: { 200: ratingAnswer } } },
      async (request) => ({ data: await service.rate(currentUser(request), request.body) }),
    );

    app.get(
      '/api/admin/cases',
      { onRequest: admin, schema: { querystring: adminCasesQuerySchema, response: { 200: casesPage } } },
      async (request) => service.adminCases(currentUser(request), request.query),
    );

    app.post(
      '/api/admin/cases/:caseId/approve',
      {
        onRequest: admin,
        schema: { params: caseParams, body: approveCaseSchema, response: { 200: caseEnvelope } },
      },
      async (request) => ({
        data: await service.approve(currentUser(request), request.params.caseId, request.body.category),
      }),
    );

    app.post(
      '/api/admin/cases/:caseId/discard',
      {
        onRequest: admin,
        // the body is optional: a POST without one has a null body
        schema: { params: caseParams, body: discardCaseSchema.nullish(), response: { 200: caseEnvelope } },
      },
      async (request) => ({
        data: await service.discard(currentUser(request), request.params.caseId, request.body?.reason),
      }),
    );
  };
}

async function cases(app: FastifyInstance) {
  const service = createCasesService({
    db: app.db,
    chat: app.chat,
    payments: () => app.payments,
    mailer: app.mailer,
    publicUrl: app.config.publicUrl,
    log: app.log,
    boardCacheMs: app.config.env === 'test' ? 0 : 5_000,
  });
  app.decorate('cases', { activateFromPayment: service.activateFromPayment });
  await app.register(routes(service));
}

export const casesRoutes = fp(cases, { name: 'cases', dependencies: ['auth', 'chat', 'mailer'] });
