import { ROLE } from '@l4l/shared/constants/roles';
import { dataEnvelope, emptyEnvelope } from '@l4l/shared/envelope';
import { savedSearchInputSchema, savedSearchSchema } from '@l4l/shared/schemas/alerts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser, requireRole } from '../../plugins/auth.ts';
import type { SavedSearchesService } from './saved-searches.service.ts';

const idParams = z.object({ id: z.uuid() });
const one = dataEnvelope(savedSearchSchema);

/** GET, POST, PUT and DELETE /api/board/saved-searches (docs/api/http.md, Saved board searches): lawyers only. */
export function savedSearchesRoutes(service: SavedSearchesService): FastifyPluginAsyncZod {
  return async (app) => {
    const lawyer = requireRole(ROLE.ABOGADO);

    app.get(
      '/api/board/saved-searches',
      { onRequest: lawyer, schema: { response: { 200: dataEnvelope(z.array(savedSearchSchema)) } } },
      async (request) => ({ data: await service.list(currentUser(request)) }),
    );

    app.post(
      '/api/board/saved-searches',
      { onRequest: lawyer, schema: { body: savedSearchInputSchema, response: { 200: one } } },
      async (request) => ({ data: await service.create(currentUser(request), request.body) }),
    );

    app.put(
      '/api/board/saved-searches/:id',
      {
        onRequest: lawyer,
        schema: { params: idParams, body: savedSearchInputSchema, response: { 200: one } },
      },
      async (request) => ({
        data: await service.update(currentUser(request), request.params.id, request.body),
      }),
    );

    app.delete(
      '/api/board/saved-searches/:id',
      { onRequest: lawyer, schema: { params: idParams, response: { 200: emptyEnvelope } } },
      async (request) => {
        await service.remove(currentUser(request), request.params.id);
        return { data: null };
      },
    );
  };
}
