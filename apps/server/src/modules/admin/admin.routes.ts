import { ROLE } from '@l4l/shared/constants/roles';
import { dataEnvelope, pageEnvelope } from '@l4l/shared/envelope';
import {
  adminLawyerSchema,
  adminLawyersQuerySchema,
  adminUserStatusSchema,
  banSchema,
} from '@l4l/shared/schemas/admin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser, requireRole } from '../../plugins/auth.ts';
import { createAdminService } from './admin.service.ts';

const params = z.object({ id: z.uuid() });
const userStatusEnvelope = dataEnvelope(adminUserStatusSchema);

/** API.md "Admin (+)", the lawyer and user rows: ADMIN only (401 anonymous, 403 other roles). */
export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createAdminService({ db: app.db, sessions: app.sessions });
  const adminOnly = requireRole(ROLE.ADMIN);

  app.get(
    '/api/admin/lawyers',
    {
      onRequest: adminOnly,
      schema: { querystring: adminLawyersQuerySchema, response: { 200: pageEnvelope(adminLawyerSchema) } },
    },
    async (request) => service.lawyers(request.query),
  );

  app.post(
    '/api/admin/lawyers/:id/verify',
    { onRequest: adminOnly, schema: { params, response: { 200: dataEnvelope(adminLawyerSchema) } } },
    async (request) => ({ data: await service.verifyLawyer(currentUser(request), request.params.id) }),
  );

  app.post(
    '/api/admin/users/:id/ban',
    {
      onRequest: adminOnly,
      onResponse: async ({ params }, reply) => reply.statusCode === 200 && app.chat.disconnectUser(params.id),
      // the body is optional: a POST without one has a null body
      schema: { params, body: banSchema.nullish(), response: { 200: userStatusEnvelope } },
    },
    async (request) => ({
      data: await service.ban(currentUser(request), request.params.id, request.body?.reason),
    }),
  );

  app.post(
    '/api/admin/users/:id/unban',
    { onRequest: adminOnly, schema: { params, response: { 200: userStatusEnvelope } } },
    async (request) => ({ data: await service.unban(currentUser(request), request.params.id) }),
  );
};
