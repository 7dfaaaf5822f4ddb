import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/database.ts';
import { sendDatabaseUnavailable } from '../../plugins/error-handler.ts';

const healthResponse = z.object({ data: z.object({ status: z.literal('ok'), db: z.literal('ok') }) });
const liveResponse = z.object({ data: z.object({ status: z.literal('ok') }) });

/** A health check answers within this, whatever the database does (a balancer's probe times out too). */
export const HEALTH_DB_WAIT_MS = 1_500;

type DatabaseState = 'ok' | 'error' | 'timeout';

/**
 * Asks the database, each caller with its own deadline. One ping at a time: checks that arrive while one
 * is in flight wait for it, so a balancer probing a stalled database does not take the pool's
 * connections one ping after another.
 */
function databaseProbe(database: Database, log: (err: unknown) => void) {
  let ping: Promise<DatabaseState> | undefined;
  return async (): Promise<DatabaseState> => {
    ping ??= database
      .ping()
      .then(
        (): DatabaseState => 'ok',
        (err: unknown): DatabaseState => {
          log(err);
          return 'error';
        },
      )
      .finally(() => {
        ping = undefined;
      });
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<DatabaseState>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), HEALTH_DB_WAIT_MS);
    });
    try {
      return await Promise.race([ping, deadline]);
    } finally {
      clearTimeout(timer);
    }
  };
}

/**
 * Health. `/api/health`: 200 when the database answers, 503 otherwise (its shape is kept for the
 * probes already pointed at it). `/api/health/live`: the process answers (restart it when not).
 * `/api/health/ready`: it can serve, the database answers (send it no traffic when not); the 503 names
 * what fails. Each answers within HEALTH_DB_WAIT_MS.
 */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  const probe = databaseProbe(app.database, (err) => app.log.error({ err }, 'database ping failed'));

  app.get('/api/health', { schema: { response: { 200: healthResponse } } }, async (_request, reply) => {
    const db = await probe();
    if (db === 'ok') return { data: { status: 'ok' as const, db: 'ok' as const } };
    return sendDatabaseUnavailable(reply, { db: 'error' });
  });

  app.get('/api/health/live', { schema: { response: { 200: liveResponse } } }, async () => ({
    data: { status: 'ok' as const },
  }));

  app.get('/api/health/ready', { schema: { response: { 200: healthResponse } } }, async (_request, reply) => {
    const db = await probe();
    // the notification mail worker (docs/notifications.md, Health and metrics): stuck, or failing on
    // every mail it tries
    const mail = app.notifications.mailHealth().state;
    if (db === 'ok' && mail === 'ok') return { data: { status: 'ok' as const, db: 'ok' as const } };
    return sendDatabaseUnavailable(reply, { checks: mail === 'ok' ? { db } : { db, mail } });
  });
};
