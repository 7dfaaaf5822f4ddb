import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendDatabaseUnavailable } from '../../plugins/error-handler.ts';
import { READINESS_WAIT_MS, sharedProbe } from '../../plugins/readiness.ts';

const healthResponse = z.object({ data: z.object({ status: z.literal('ok'), db: z.literal('ok') }) });
/** every check registered for readiness, each `ok` (db always; redis, storage… when there) */
const readyResponse = z.object({
  data: z.object({ status: z.literal('ok'), db: z.literal('ok') }).catchall(z.literal('ok')),
});
const liveResponse = z.object({ data: z.object({ status: z.literal('ok') }) });

/** A health check answers within this, whatever the database does (a balancer's probe times out too). */
export const HEALTH_DB_WAIT_MS = READINESS_WAIT_MS;

/**
 * Health. `/api/health`: 200 when the database answers, 503 otherwise (its shape is kept for the
 * probes already pointed at it). `/api/health/live`: the process answers (restart it when not).
 * `/api/health/ready`: it can serve: the database and every check registered with `app.readiness`
 * (Redis when configured; storage, the mail worker) answer (send it no traffic when not); the 503 names
 * each check's state. Each answers within HEALTH_DB_WAIT_MS.
 */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  // one ping at a time, shared by /api/health and the readiness check
  const probe = sharedProbe(
    () => app.database.ping(),
    (err) => app.log.error({ err }, 'database ping failed'),
  );
  app.readiness.register('db', probe);

  app.get('/api/health', { schema: { response: { 200: healthResponse } } }, async (_request, reply) => {
    const db = await probe();
    if (db === 'ok') return { data: { status: 'ok' as const, db: 'ok' as const } };
    return sendDatabaseUnavailable(reply, { db: 'error' });
  });

  app.get('/api/health/live', { schema: { response: { 200: liveResponse } } }, async () => ({
    data: { status: 'ok' as const },
  }));

  app.get('/api/health/ready', { schema: { response: { 200: readyResponse } } }, async (_request, reply) => {
    const checks = await app.readiness.run();
    if (Object.values(checks).every((state) => state === 'ok')) {
      return { data: { ...(checks as Record<string, 'ok'>), status: 'ok' as const, db: 'ok' as const } };
    }
    return sendDatabaseUnavailable(reply, { checks });
  });
};
