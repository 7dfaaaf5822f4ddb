import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { runEvery, type SweepOptions } from '../../lib/scheduled.ts';
import { createRetentionService, type RetentionService } from './retention.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** what has served its purpose is deleted on a schedule (docs/domain.md, Privacy rights, Retention) */
    retention: RetentionService;
  }
}

export type RetentionPluginOptions = SweepOptions;

const DEFAULT_SWEEP_MS = 60 * 60 * 1000;

async function retention(app: FastifyInstance, options: RetentionPluginOptions) {
  const service = createRetentionService({
    db: app.db,
    dataDir: app.config.dataDir,
    periods: app.config,
    now: options.now ?? (() => new Date()),
    log: app.log,
  });
  app.decorate('retention', service);

  const every = options.sweepIntervalMs ?? (app.config.env === 'test' ? 0 : DEFAULT_SWEEP_MS);
  runEvery(app, every, 'retention sweep', () => service.sweep());
}

export default fp(retention, { name: 'retention' });
