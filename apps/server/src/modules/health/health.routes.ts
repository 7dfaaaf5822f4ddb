import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';

const healthResponse = z.object({ data: z.object({ status: z.literal('ok'), db: z.literal('ok') }) });

/** docs/api/http.md, Health: 200 when the database answers, 503 otherwise. */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/health', { schema: { response: { 200: healthResponse } } }, async (request) => {
    try {
      await app.database.ping();
      return { data: { status: 'ok' as const, db: 'ok' as const } };
    } catch (err) {
      request.log.error({ err }, 'database ping failed');
      throw new AppError('SERVICE_UNAVAILABLE', { extra: { db: 'error' } });
    }
  });
};
