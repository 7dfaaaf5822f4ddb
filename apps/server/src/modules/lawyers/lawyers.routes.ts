import { ROLE } from '@l4l/shared/constants/roles';
import { dataEnvelope } from '@l4l/shared/envelope';
import {
  academicEntryInputSchema,
  academicEntrySchema,
  type LawyerListItem,
  lawyerDetailSchema,
  lawyerListItemSchema,
  lawyerPricesSchema,
  lawyerProfileUpdateSchema,
  lawyerSheetSchema,
  lawyersQuerySchema,
  workEntryInputSchema,
  workEntrySchema,
} from '@l4l/shared/schemas/lawyers';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Subscribers } from '../../lib/events.ts';
import { jsonRenderer } from '../../lib/rendered-json.ts';
import type { RouteApp } from '../../lib/route-app.ts';
import { authenticate, requireOwner, requireRole } from '../../plugins/auth.ts';
import { directoryEnvelope } from './lawyer-cards.ts';
import { assignLawyerSlugs } from './lawyer-slugs.ts';
import { createLawyersRepository } from './lawyers.repository.ts';
import { createIndexedSearch } from './lawyers.search-indexed.ts';
import { createLawyersService, type LawyersService } from './lawyers.service.ts';
import { lawyerRenamed } from './profile-writes.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** reading listed lawyers' public pages, for the server-rendered pages (docs/domain.md, Public lawyer pages) */
    lawyers: Pick<
      LawyersService,
      'publicPage' | 'listedPages' | 'publicListing' | 'directoryCombinations'
    > & {
      subscribers: Subscribers;
      /** resolves once the directory's index has loaded (a benchmark waits for it; the server does not) */
      warmDirectory(): Promise<void>;
    };
  }
}

/** The landing page shows at most this many lawyers. */
const FEATURED_MAX = 8;
/**
 * docs/decisions/0005: a directory page may be up to this old. Off under NODE_ENV=test, where a test reads
 * the directory right after changing it (the cache has tests of its own).
 */
const DIRECTORY_CACHE_MS = 5_000;

const params = z.object({ id: z.uuid() });
const lawyerParams = z.object({ lawyerId: z.uuid() });
const entryParams = z.object({ lawyerId: z.uuid(), entryId: z.uuid() });
const sheetEnvelope = dataEnvelope(lawyerSheetSchema);
const featuredEnvelope = dataEnvelope(z.array(lawyerListItemSchema));
// the featured lawyers are serialized once per cached value; a directory page comes rendered (lib/rendered-json.ts)
const sendFeatured = jsonRenderer(featuredEnvelope, (lawyers: LawyerListItem[]) => ({ data: lawyers }));

/** The lawyer's own routes: the path's id must be the caller's (403), and the caller a lawyer (403). */
const selfLawyer = (param: string) => [requireOwner(param, { admin: false }), requireRole(ROLE.ABOGADO)];

const DIRECTORY_CACHE = 'lawyers:directory';

export type LawyersPluginOptions = {
  /** a lawyer's rating summary on their profile */
  ratings: FastifyInstance['ratings'];
  /** a sheet edit's new sign-in mail is the accounts' to confirm */
  accounts: FastifyInstance['accounts'];
};

/** A lawyer's search text follows their name, wherever the account is renamed (ADR 0002). */
const LAWYERS_SUBSCRIBERS = {
  'user.renamed': (tx, _afterCommit, { userId, name, surname }) => lawyerRenamed(tx, userId, name, surname),
} satisfies Subscribers;

/** The directory, the landing page's featured lawyers, and one lawyer's detail. */
function registerDirectory(app: RouteApp, service: LawyersService) {
  app.get(
    '/api/lawyers',
    {
      onRequest: authenticate,
      schema: { querystring: lawyersQuerySchema, response: { 200: directoryEnvelope } },
    },
    async (request, reply) => (await service.directory(request.query)).send(reply),
  );

  app.get(
    '/api/lawyers/destacados',
    { schema: { response: { 200: featuredEnvelope } } },
    async (_request, reply) => sendFeatured(reply, await service.featured(FEATURED_MAX)),
  );

  app.get(
    '/api/lawyers/lawyer/detail/:id',
    { onRequest: authenticate, schema: { params, response: { 200: dataEnvelope(lawyerDetailSchema) } } },
    async (request) => ({ data: await service.detail(request.params.id) }),
  );
}

/** The lawyer's own sheet: read (by an administrator too), edited, its prices. */
function registerSheet(app: RouteApp, service: LawyersService, accounts: LawyersPluginOptions['accounts']) {
  app.get(
    '/api/lawyers/profile/:id',
    {
      onRequest: [requireOwner('id', { admin: true }), requireRole(ROLE.ABOGADO, ROLE.ADMIN)],
      schema: { params, response: { 200: sheetEnvelope } },
    },
    async (request) => ({ data: await service.sheet(request.params.id) }),
  );

  app.put(
    '/api/lawyers/profile/:id',
    {
      onRequest: selfLawyer('id'),
      schema: { params, body: lawyerProfileUpdateSchema, response: { 200: sheetEnvelope } },
    },
    async (request) => {
      // the sign-in mail is the accounts feature's: a new one waits for its confirmation
      const { currentPassword, ...sheet } = request.body;
      const { mail } = await accounts.requestMailChange(
        request.params.id,
        { mail: sheet.mail, currentPassword },
        request.ip,
      );
      return { data: await service.updateProfile(request.params.id, { ...sheet, mail }) };
    },
  );

  app.put(
    '/api/lawyers/profile/prices/:id',
    {
      onRequest: selfLawyer('id'),
      schema: { params, body: lawyerPricesSchema, response: { 200: sheetEnvelope } },
    },
    async (request) => ({ data: await service.updatePrices(request.params.id, request.body) }),
  );
}

/** The lawyer's education and work experience, an entry at a time. */
function registerCareer(app: RouteApp, service: LawyersService) {
  app.put(
    '/api/lawyers/education/:lawyerId',
    {
      onRequest: selfLawyer('lawyerId'),
      schema: {
        params: lawyerParams,
        body: academicEntryInputSchema,
        response: { 200: dataEnvelope(academicEntrySchema) },
      },
    },
    async (request) => ({ data: await service.saveAcademic(request.params.lawyerId, request.body) }),
  );

  app.delete(
    '/api/lawyers/education/:lawyerId/:entryId',
    { onRequest: selfLawyer('lawyerId'), schema: { params: entryParams } },
    async (request, reply) => {
      await service.deleteAcademic(request.params.lawyerId, request.params.entryId);
      return reply.code(204).send();
    },
  );

  app.put(
    '/api/lawyers/experience/:lawyerId',
    {
      onRequest: selfLawyer('lawyerId'),
      schema: {
        params: lawyerParams,
        body: workEntryInputSchema,
        response: { 200: dataEnvelope(workEntrySchema) },
      },
    },
    async (request) => ({ data: await service.saveWork(request.params.lawyerId, request.body) }),
  );

  app.delete(
    '/api/lawyers/experience/:lawyerId/:entryId',
    { onRequest: selfLawyer('lawyerId'), schema: { params: entryParams } },
    async (request, reply) => {
      await service.deleteWork(request.params.lawyerId, request.params.entryId);
      return reply.code(204).send();
    },
  );
}

/** docs/api/http.md, Lawyers (the photo is the uploads feature's). */
const lawyersModule: FastifyPluginAsyncZod<LawyersPluginOptions> = async (app, options) => {
  // the directory is read from memory (ADR 0042), from the plain SQL while the index loads in the
  // background (ADR 0043)
  const statements = app.database.statements;
  const directoryCacheMs = app.config.shortCaches ? DIRECTORY_CACHE_MS : 0;
  const search = createIndexedSearch(app.db, {
    statements,
    fallback: createLawyersRepository(app.db),
    onError: (error) => app.log.error({ err: error }, 'directory index not loaded; the SQL search answers'),
  });
  const service = createLawyersService({
    db: app.db,
    search,
    ratings: options.ratings,
    directoryCacheMs,
    // a lawyer's change clears the directory on every process (plugins/caches.ts)
    announceChange: () => app.caches.clear(DIRECTORY_CACHE),
  });
  app.caches.register(DIRECTORY_CACHE, service.forgetDirectory);
  // what the public pages read (the type says which), and the reaction to a renamed account
  app.decorate('lawyers', { ...service, subscribers: LAWYERS_SUBSCRIBERS, warmDirectory: search.warm });
  // profiles made before slugs existed get theirs once the server starts (docs/domain.md, Public lawyer pages)
  app.addHook('onReady', () => assignLawyerSlugs(app.db));
  app.addHook('onReady', async () => {
    void search.warm();
  });
  app.addHook('onClose', () => search.close());

  registerDirectory(app, service);
  registerSheet(app, service, options.accounts);
  registerCareer(app, service);
};

/** Takes the ratings feature's reader from app.ts, so it is registered after ratings. */
export const lawyersRoutes = fp(lawyersModule, { name: 'lawyers', dependencies: ['auth', 'ratings'] });
