import { ROLE } from '@l4l/shared/constants/roles';
import { dataEnvelope, pageEnvelope } from '@l4l/shared/envelope';
import {
  adminCasesQuerySchema,
  approveCaseSchema,
  boardQuerySchema,
  caseChatSchema,
  caseSchema,
  discardCaseSchema,
  editCaseSchema,
  myCasesQuerySchema,
  newCaseSchema,
  progressSchema,
} from '@l4l/shared/schemas/cases';
import { es } from '@l4l/shared/texts/es';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/database.ts';
import { validationError } from '../../lib/app-error.ts';
import type { RouteApp } from '../../lib/route-app.ts';
import { currentUser, requireOwner, requireRole } from '../../plugins/auth.ts';
import { createBoardRepository } from './board.repository.ts';
import { type BoardService, boardPageEnvelope, createBoardService } from './board.service.ts';
import { type CaseClosureService, createCaseClosureService } from './case-closure.service.ts';
import { type CaseActionName, roleFor } from './case-machine.ts';
import { type CaseReviewService, createCaseReviewService } from './case-review.service.ts';
import { type CasesService, createCasesService } from './cases.service.ts';

/** What other features may ask of cases: the case row, its activation, the board's proposal figures. */
export type CasesApi = Pick<CasesService, 'findCase' | 'lockCase' | 'activate'> &
  Pick<CaseClosureService, 'finishByPlatform' | 'closuresDue'> & {
    /** the lawyers' own proposals changed: their board pages read them again */
    proposalsChanged: BoardService['proposalsChanged'];
    /** recounts a case's open proposals and their lowest price on the board, in the caller's transaction */
    refreshProposalFigures: (tx: Db, caseId: string) => Promise<void>;
    /** resolves once the board's index is loaded and current (a benchmark waits for it; the server does not) */
    warmBoard: () => Promise<void>;
  };

declare module 'fastify' {
  interface FastifyInstance {
    /** what other features ask of cases (proposals, ratings): see `CasesApi` */
    cases: CasesApi;
  }
}

/** An optional Idempotency-Key header: printable ASCII without spaces, at most 255 characters. */
const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,255}$/;

function idempotencyKeyOf(request: FastifyRequest): string | undefined {
  const given = request.headers['idempotency-key'];
  if (given === undefined) return undefined;
  if (typeof given !== 'string' || !IDEMPOTENCY_KEY.test(given)) {
    throw validationError({ 'idempotency-key': es.cases.idempotencyKey });
  }
  return given;
}

const caseParams = z.object({ caseId: z.uuid() });
const userParams = z.object({ id: z.uuid() });
const caseEnvelope = dataEnvelope(caseSchema);
const casesPage = pageEnvelope(caseSchema);

// each action's role guard is the case machine's, the rest of the rule is its `authorize`
const roleOf = (action: CaseActionName) => requireRole(roleFor(action));

/** Opening a case: on its own, or with a chat to a lawyer. */
function registerCaseCreation(app: RouteApp, service: CasesService) {
  app.post(
    '/api/cases/new-case',
    { onRequest: roleOf('create'), schema: { body: newCaseSchema, response: { 200: caseEnvelope } } },
    async (request) => ({
      data: await service.createCase(currentUser(request), request.body, idempotencyKeyOf(request)),
    }),
  );

  app.post(
    '/api/cases/create-case-chat',
    {
      onRequest: roleOf('create'),
      schema: {
        body: caseChatSchema,
        response: { 200: dataEnvelope(z.object({ case: caseSchema, chatId: z.string() })) },
      },
    },
    async (request) => ({
      data: await service.createCaseChat(currentUser(request), request.body, idempotencyKeyOf(request)),
    }),
  );
}

/** The client's and the lawyer's own lists, one case, and the lawyers' board. */
function registerCaseReads(app: RouteApp, service: CasesService, board: BoardService) {
  const lawyer = requireRole(ROLE.ABOGADO);
  const anyone = requireRole(ROLE.USUARIO, ROLE.ABOGADO, ROLE.ADMIN);
  const clientSelf = [requireRole(ROLE.USUARIO, ROLE.ADMIN), requireOwner('id')];
  const lawyerSelf = [requireRole(ROLE.ABOGADO, ROLE.ADMIN), requireOwner('id')];

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
      schema: { querystring: boardQuerySchema, response: { 200: boardPageEnvelope } },
    },
    // a page's answer comes as its bytes, rendered once for every lawyer with no proposal on it
    async (request, reply) => (await board.board(currentUser(request), request.query)).send(reply),
  );
}

/** A case's changes after it is open: its progress, an edit, its withdrawal, and its closure's steps. */
function registerCaseTransitions(app: RouteApp, service: CasesService, closure: CaseClosureService) {
  app.put(
    '/api/cases/:caseId/progress',
    {
      onRequest: roleOf('progress'),
      schema: { params: caseParams, body: progressSchema, response: { 200: caseEnvelope } },
    },
    async (request) => ({
      data: await closure.progress(currentUser(request), request.params.caseId, request.body.progressStep),
    }),
  );

  app.put(
    '/api/cases/:caseId',
    {
      onRequest: roleOf('edit'),
      schema: { params: caseParams, body: editCaseSchema, response: { 200: caseEnvelope } },
    },
    async (request) => ({
      data: await service.editCase(currentUser(request), request.params.caseId, request.body),
    }),
  );

  app.post(
    '/api/cases/:caseId/withdraw',
    {
      onRequest: roleOf('withdraw'),
      schema: { params: caseParams, response: { 200: caseEnvelope } },
    },
    async (request) => ({
      data: await service.withdrawCase(currentUser(request), request.params.caseId),
    }),
  );

  app.post(
    '/api/cases/close-case/:caseId',
    {
      onRequest: roleOf('requestClosure'),
      schema: { params: caseParams, response: { 200: caseEnvelope } },
    },
    async (request) => ({
      data: await closure.requestClosure(currentUser(request), request.params.caseId),
    }),
  );

  app.post(
    '/api/cases/confirm-close-case/:caseId/:chatId',
    {
      onRequest: roleOf('confirmClosure'),
      schema: { params: caseParams.extend({ chatId: z.uuid() }), response: { 200: caseEnvelope } },
    },
    async (request) => ({
      data: await closure.confirmClosure(currentUser(request), request.params.caseId, request.params.chatId),
    }),
  );

  app.post(
    '/api/cases/discard-close-case/:caseId',
    {
      onRequest: roleOf('discardClosure'),
      schema: { params: caseParams, response: { 200: caseEnvelope } },
    },
    async (request) => ({
      data: await closure.discardClosure(currentUser(request), request.params.caseId),
    }),
  );
}

/** The administrators' review: every case, and approving or discarding a new one. */
function registerCaseReview(app: RouteApp, service: CasesService, review: CaseReviewService) {
  const admin = requireRole(ROLE.ADMIN);

  app.get(
    '/api/admin/cases',
    { onRequest: admin, schema: { querystring: adminCasesQuerySchema, response: { 200: casesPage } } },
    async (request) => service.adminCases(currentUser(request), request.query),
  );

  app.post(
    '/api/admin/cases/:caseId/approve',
    {
      onRequest: roleOf('approve'),
      schema: { params: caseParams, body: approveCaseSchema, response: { 200: caseEnvelope } },
    },
    async (request) => ({
      data: await review.approve(currentUser(request), request.params.caseId, request.body.category),
    }),
  );

  app.post(
    '/api/admin/cases/:caseId/discard',
    {
      onRequest: roleOf('discard'),
      // the body is optional: a POST without one has a null body
      schema: { params: caseParams, body: discardCaseSchema.nullish(), response: { 200: caseEnvelope } },
    },
    async (request) => ({
      data: await review.discard(currentUser(request), request.params.caseId, request.body?.reason),
    }),
  );
}

/** Creating and reading cases, the board, the timeline and closure, and the administrators' review. */
function routes(
  service: CasesService,
  closure: CaseClosureService,
  review: CaseReviewService,
  board: BoardService,
): FastifyPluginAsyncZod {
  return async (app) => {
    registerCaseCreation(app, service);
    registerCaseReads(app, service, board);
    registerCaseTransitions(app, service, closure);
    registerCaseReview(app, service, review);
  };
}

const BOARD_PROPOSALS_CACHE = 'cases:board-proposals';

export type CasesPluginOptions = {
  /** the platform's messages in the case's chat */
  chat: FastifyInstance['chat'];
};

async function cases(app: FastifyInstance, { chat }: CasesPluginOptions) {
  const board = createBoardService({
    db: app.db,
    boardCacheMs: app.config.shortCaches ? 5_000 : 0,
    statements: app.database.statements,
    onIndexError: (error) => app.log.error({ err: error }, 'board index not loaded; the SQL search answers'),
  });
  // the board's index loads in the background; its SQL answers until it has (ADR 0042)
  app.addHook('onReady', async () => {
    void board.warmIndex();
  });
  app.addHook('onClose', () => board.closeIndex());
  // a lawyer's proposals changed on any process: every process reads them again (plugins/caches.ts)
  app.caches.register(BOARD_PROPOSALS_CACHE, (lawyerIds) => {
    if (lawyerIds === undefined) board.forgetAll();
    else board.proposalsChanged(...lawyerIds.split(','));
  });
  const service = createCasesService({ db: app.db, chat, board, log: app.log });
  const closure = createCaseClosureService({ db: app.db, chat, events: app.events, log: app.log });
  const review = createCaseReviewService({ db: app.db, chat, events: app.events, log: app.log });
  app.decorate('cases', {
    findCase: service.findCase,
    lockCase: service.lockCase,
    activate: service.activate,
    finishByPlatform: closure.finishByPlatform,
    closuresDue: closure.closuresDue,
    proposalsChanged: (...lawyerIds) => app.caches.clear(BOARD_PROPOSALS_CACHE, lawyerIds.join(',')),
    refreshProposalFigures: (tx, caseId) => createBoardRepository(tx).refreshProposalFigures(caseId),
    warmBoard: () => board.warmIndex(),
  } satisfies CasesApi);
  await app.register(routes(service, closure, review, board));
}

export const casesRoutes = fp(cases, { name: 'cases', dependencies: ['auth', 'chat'] });
