import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { recordAudit } from '../admin/index.ts';
import { moneyRoutes } from './money.routes.ts';
import { createMoneyService, type MoneyService } from './money.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** the money of cases after payment: transfers, refunds, disputes, the ledger (docs/money.md) */
    money: MoneyService;
  }
}

export type MoneyPluginOptions = {
  /** the clock (tests move it); default the real one */
  now?: () => Date;
  /** how often the sweep runs; 0: never by itself (tests call `app.money.sweep()`) */
  sweepIntervalMs?: number;
};

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
  if (every > 0) {
    let running: Promise<unknown> | null = null;
    const timer = setInterval(() => {
      if (running) return;
      running = service
        .sweep()
        .catch((error) => app.log.error({ err: error }, 'money sweep failed'))
        .finally(() => {
          running = null;
        });
    }, every);
    timer.unref();
    app.addHook('onClose', async () => {
      clearInterval(timer);
      await running;
    });
  }
}

export default fp(money, {
  name: 'money',
  dependencies: ['payments', 'cases', 'invoices', 'notifications'],
});
