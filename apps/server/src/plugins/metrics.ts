import { createHash, timingSafeEqual } from 'node:crypto';
import { ERROR_MESSAGES } from '@l4l/shared/texts/errors';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { z } from 'zod';
import { sendError } from './error-handler.ts';

export const METRICS_PATH = '/metrics';

/** What features report to /metrics: a value read at each scrape (they never import prom-client). */
export type Metrics = {
  /** a value that goes up and down (open sessions, a queue's depth) */
  gauge(name: string, help: string, read: () => number): void;
  /** a total that only grows (messages delivered since the start) */
  counter(name: string, help: string, read: () => number): void;
};

declare module 'fastify' {
  interface FastifyInstance {
    metrics: Metrics;
  }
}

const sha256 = (value: string) => createHash('sha256').update(value).digest();

/**
 * Prometheus metrics at /metrics, only for whoever holds METRICS_TOKEN (as `Authorization: Bearer …`):
 * without the variable the path does not exist (404), with a wrong token it answers 401. Each process
 * has its own registry; a scraper reads every process (docs/operations.md).
 */
async function metrics(app: FastifyInstance) {
  const token = app.config.metricsToken;
  if (!token) {
    app.decorate('metrics', { gauge() {}, counter() {} } satisfies Metrics);
    return;
  }
  const register = new Registry();
  collectDefaultMetrics({ register, prefix: 'l4l_' });

  const duration = new Histogram({
    name: 'l4l_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method, route pattern and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [register],
  });
  app.addHook('onResponse', async (request, reply) => {
    // the pattern (/api/cases/:id), never the path: one series per route, not one per object
    const route = request.routeOptions.url ?? 'unmatched';
    duration.observe(
      { method: request.method, route, status: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
  });

  const exposed: Metrics = {
    gauge(name, help, read) {
      new Gauge({
        name,
        help,
        registers: [register],
        collect() {
          this.set(read());
        },
      });
    },
    counter(name, help, read) {
      new Counter({
        name,
        help,
        registers: [register],
        collect() {
          this.reset();
          this.inc(read());
        },
      });
    },
  };
  app.decorate('metrics', exposed);

  const pool = app.database.pool;
  if (pool) {
    exposed.gauge('l4l_db_pool_connections', 'PostgreSQL pool: open connections', () => pool.totalCount);
    exposed.gauge('l4l_db_pool_idle', 'PostgreSQL pool: idle connections', () => pool.idleCount);
    exposed.gauge(
      'l4l_db_pool_waiting',
      'PostgreSQL pool: requests waiting for a connection',
      () => pool.waitingCount,
    );
  }

  const expected = sha256(`Bearer ${token}`);
  const schema = {
    summary: 'Prometheus metrics of this process (Authorization: Bearer METRICS_TOKEN)',
    tags: ['operations'],
    security: [{ bearer: [] }],
    response: { 200: z.string() },
  };
  app.get(METRICS_PATH, { schema }, async (request, reply) => {
    const given = sha256(request.headers.authorization ?? '');
    if (!timingSafeEqual(given, expected)) {
      reply.header('www-authenticate', 'Bearer realm="metrics"');
      return sendError(reply, 401, 'UNAUTHENTICATED', ERROR_MESSAGES.UNAUTHENTICATED);
    }
    reply.header('cache-control', 'no-store');
    return reply.type(register.contentType).send(await register.metrics());
  });
}

export default fp(metrics, { name: 'metrics', dependencies: ['config'] });
