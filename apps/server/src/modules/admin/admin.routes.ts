import { ROLE } from '@l4l/shared/constants/roles';
import { dataEnvelope, pageEnvelope } from '@l4l/shared/envelope';
import {
  adminAuditQuerySchema,
  adminLawyerSchema,
  adminLawyersQuerySchema,
  adminStatsSchema,
  adminUserSchema,
  adminUserStatusSchema,
  adminUsersQuerySchema,
  auditEntrySchema,
  banSchema,
  rejectLawyerSchema,
} from '@l4l/shared/schemas/admin';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser, requireRole } from '../../plugins/auth.ts';
import type { MailOutbox } from '../../plugins/mailer.ts';
import { createAdminService } from './admin.service.ts';

const params = z.object({ id: z.uuid() });
const userStatusEnvelope = dataEnvelope(adminUserStatusSchema);
const lawyerEnvelope = dataEnvelope(adminLawyerSchema);

/**
 * docs/api/http.md, Administration: lawyers, users, the overview and the audit log; ADMIN only (401 anonymous, 403
 * other roles). The case rows (/api/admin/cases...) live with the case state machine in modules/cases.
 * The audit log is read-only: there is no route that changes or deletes an entry.
 */
export type AdminRoutesOptions = {
  outbox: MailOutbox;
  /** a ban closes the person's chat sockets on every process */
  chat: Pick<FastifyInstance['chat'], 'disconnectUser'>;
};

export const adminRoutes: FastifyPluginAsyncZod<AdminRoutesOptions> = async (app, { outbox, chat }) => {
  const service = createAdminService({
    db: app.db,
    sessions: app.sessions,
    outbox,
    publicUrl: app.config.publicUrl,
  });
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
    { onRequest: adminOnly, schema: { params, response: { 200: lawyerEnvelope } } },
    async (request) => ({ data: await service.verifyLawyer(currentUser(request), request.params.id) }),
  );

  app.post(
    '/api/admin/lawyers/:id/reject',
    { onRequest: adminOnly, schema: { params, body: rejectLawyerSchema, response: { 200: lawyerEnvelope } } },
    async (request) => ({
      data: await service.rejectLawyer(currentUser(request), request.params.id, request.body.reason),
    }),
  );

  app.get(
    '/api/admin/users',
    {
      onRequest: adminOnly,
      schema: { querystring: adminUsersQuerySchema, response: { 200: pageEnvelope(adminUserSchema) } },
    },
    async (request) => service.users(request.query),
  );

  app.post(
    '/api/admin/users/:id/ban',
    {
      onRequest: adminOnly,
      // the open chat sockets close too, once the ban is stored
      onResponse: async ({ params }, reply) => reply.statusCode === 200 && chat.disconnectUser(params.id),
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

  app.get(
    '/api/admin/stats',
    { onRequest: adminOnly, schema: { response: { 200: dataEnvelope(adminStatsSchema) } } },
    async () => ({ data: await service.stats() }),
  );

  app.get(
    '/api/admin/audit',
    {
      onRequest: adminOnly,
      schema: { querystring: adminAuditQuerySchema, response: { 200: pageEnvelope(auditEntrySchema) } },
    },
    async (request) => service.audit(request.query),
  );
};
