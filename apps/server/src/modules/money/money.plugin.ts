import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { runEvery, type SweepOptions } from '../../lib/scheduled.ts';
import { recordAudit } from '../admin/index.ts';
import { moneyRoutes } from './money.routes.ts';
import { createMoneyService, type MoneyService } from './money.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** the money of cases after payment: transfers, refunds, disputes, the ledger (docs/money.md) */
    money: MoneyService;
  }
}

export type MoneyPluginOptions = SweepOptions;

const DEFAULT_SWEEP_MS = 60_000;

async function money(app: FastifyInstance, options: MoneyPluginOptions) {
  const service = createMoneyService({
    db: app.db,
    provider: app.payments.provider,
    payments: app.payments,
    cases: app.cases,
    rectifyPayment: (tx, paymentId, at, part) => app.invoices.rectifyPayment(tx, paymentId, at, part),
    notify: app.notifications.event,
    audit: recordAudit,
    publicUrl: app.config.publicUrl,
    log: app.log,
    now: options.now ?? (() => new Date()),
  });
  app.decorate('money', service);
  await app.register(moneyRoutes(service));

  const every = options.sweepIntervalMs ?? (app.config.env === 'test' ? 0 : DEFAULT_SWEEP_MS);
  runEvery(app, every, 'money sweep', () => service.sweep());
}

export default fp(money, {
  name: 'money',
  dependencies: ['payments', 'cases', 'invoices', 'notifications'],
});
