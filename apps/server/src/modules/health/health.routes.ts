import { ERROR_MESSAGES } from '@l4l/shared/texts/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendError } from '../../plugins/error-handler.ts';

const healthResponse = z.object({ data: z.object({ status: z.literal('ok'), db: z.literal('ok') }) });

/** docs/api/http.md, Health: 200 when the database answers, 503 otherwise. */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/health', { schema: { response: { 200: healthResponse } } }, async (request, reply) => {
    try {
      await app.database.ping();
      return { data: { status: 'ok' as const, db: 'ok' as const } };
    } catch (err) {
      request.log.error({ err }, 'database ping failed');
      return sendError(reply, 503, 'SERVICE_UNAVAILABLE', ERROR_MESSAGES.SERVICE_UNAVAILABLE, {
        db: 'error',
      });
    }
  });
};
