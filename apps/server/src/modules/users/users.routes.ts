import { dataEnvelope } from '@l4l/shared/envelope';
import { userProfileSchema, userProfileUpdateSchema } from '@l4l/shared/schemas/auth';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireOwner } from '../../plugins/auth.ts';
import { createUsersService } from './users.service.ts';

export type UsersRoutesOptions = {
  /** a profile edit's new sign-in mail is the accounts' to confirm */
  accounts: FastifyInstance['accounts'];
};

const params = z.object({ id: z.uuid() });
const profileEnvelope = dataEnvelope(userProfileSchema);

/** docs/api/http.md, Users. */
export const usersRoutes: FastifyPluginAsyncZod<UsersRoutesOptions> = async (app, options) => {
  const service = createUsersService(app.db, options.accounts, (tx, afterCommit, userId, name, surname) =>
    app.events.emit(tx, afterCommit, 'user.renamed', { userId, name, surname }),
  );

  app.get(
    '/api/user/profile/:id',
    {
      onRequest: requireOwner('id', { admin: true }),
      schema: { params, response: { 200: profileEnvelope } },
    },
    async (request) => ({ data: await service.profile(request.params.id) }),
  );

  app.put(
    '/api/user/profile/:id',
    {
      onRequest: requireOwner('id', { admin: false }),
      schema: { params, body: userProfileUpdateSchema, response: { 200: profileEnvelope } },
    },
    async (request) => ({ data: await service.updateProfile(request.params.id, request.body, request.ip) }),
  );
};
