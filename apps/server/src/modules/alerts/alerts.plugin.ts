import { notificationLinks } from '@l4l/shared/constants/notifications';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../../db/database.ts';
import type { Subscribers } from '../../lib/events.ts';
import { runEvery } from '../../lib/scheduled.ts';
import type { AfterCommit } from '../../lib/transaction.ts';
import { ALERT_DIGEST, createAlertDigest, type DigestLine, renderDigestMail } from './alert-digest.ts';
import { createAlertFanout } from './alert-fanout.ts';
import { createAlertsRepository } from './alerts.repository.ts';
import { savedSearchesRoutes } from './saved-searches.routes.ts';
import { createSavedSearchesService } from './saved-searches.service.ts';

/** What the approval and the tests use of the new-case alerts (docs/alerts.md). */
export type Alerts = {
  /** a case went on the board: its fan-out is queued in the approval's transaction, worked after it */
  casePublished(tx: Db, afterCommit: AfterCommit, caseId: string): Promise<void>;
  /** works the fan-out jobs due now (tests; `at` reaches jobs whose lease has ended) */
  drainFanout(at?: Date): Promise<number>;
  /** writes the daily digests due at `at` (tests move the clock) */
  sweepDigests(at?: Date): Promise<number>;
  /** `case.published` queues the case's fan-out (app.ts subscribes it) */
  subscribers: Subscribers;
};

declare module 'fastify' {
  interface FastifyInstance {
    alerts: Alerts;
  }
}

export type AlertsPluginOptions = {
  /** work jobs and sweep digests on timers; off in tests, which drive them */
  autoRun?: boolean;
  /** this process alone uses the database: fan-out claims found at the start are released */
  exclusive?: boolean;
  /** lawyers per batch (tests make it small to see several batches) */
  batchSize?: number;
};

async function alertsPlugin(app: FastifyInstance, options: AlertsPluginOptions) {
  const { notifications } = app;
  const fanout = createAlertFanout({
    db: app.db,
    notifyMany: notifications.notifyMany,
    exclusive: options.exclusive ?? false,
    log: app.log,
    batchSize: options.batchSize,
  });
  const digest = createAlertDigest({
    db: app.db,
    outbox: notifications.outbox,
    mailsOff: (userIds) => notifications.mailsOff(userIds, 'case.match'),
    log: app.log,
  });
  const repository = createAlertsRepository(app.db);
  notifications.outbox.define(ALERT_DIGEST.kind, async ({ userId, params }) => {
    const to = await repository.recipient(userId);
    // the switch as it is when the mail leaves: turned off meanwhile, nothing is sent
    if (!to || !(await notifications.mailWanted(userId, 'case.match'))) return null;
    const content = await renderDigestMail({
      name: to.name,
      lines: JSON.parse(params?.cases ?? '[]') as DigestLine[],
      total: Number(params?.total ?? 0),
      boardUrl: `${app.config.publicUrl}${notificationLinks.board()}`,
      unsubscribeUrl: notifications.unsubscribeUrl(userId, 'case.match'),
    });
    return {
      to: to.mail,
      ...content,
      headers: {
        'List-Unsubscribe': `<${notifications.unsubscribeUrl(userId, 'case.match')}>`,
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      },
    };
  });

  async function casePublished(tx: Db, afterCommit: AfterCommit, caseId: string) {
    await createAlertsRepository(tx).queueJob(caseId);
    afterCommit(() => fanout.wake());
  }
  app.decorate('alerts', {
    casePublished,
    drainFanout: (at) => fanout.drain(at),
    sweepDigests: (at) => digest.sweep(at),
    subscribers: {
      'case.published': (tx, afterCommit, { caseId }) => casePublished(tx, afterCommit, caseId),
    },
  } satisfies Alerts);

  if (options.autoRun ?? app.config.env !== 'test') {
    app.addHook('onReady', async () => fanout.start());
    runEvery(app, ALERT_DIGEST.sweepMs, 'alert digest sweep', () => digest.sweep());
  }
  // before the database closes: a batch being written commits or rolls back
  app.addHook('preClose', async () => fanout.stop());
  await app.register(savedSearchesRoutes(createSavedSearchesService(app.db)));
}

export default fp(alertsPlugin, { name: 'alerts', dependencies: ['config', 'auth', 'notifications'] });
