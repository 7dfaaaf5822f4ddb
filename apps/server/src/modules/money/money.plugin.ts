import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { runEvery, type SweepOptions } from '../../lib/scheduled.ts';
import { recordAudit } from '../admin/index.ts';
import type { CasesApi } from '../cases/index.ts';
import type { PaymentsService } from '../payments/index.ts';
import { moneyRoutes } from './money.routes.ts';
import { createMoneyService, type MoneyService } from './money.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** the money of cases after payment: transfers, refunds, disputes, the ledger (docs/money.md) */
    money: MoneyService;
  }
}

export type MoneyPluginOptions = SweepOptions & {
  /** the checkouts and their provider (the payments feature) */
  payments: Pick<PaymentsService, 'provider' | 'expireStale' | 'cancelOwn'>;
  /** the case rows, locked and finished by the platform (the cases feature) */
  cases: Pick<CasesApi, 'lockCase' | 'finishByPlatform' | 'closuresDue'>;
};

const DEFAULT_SWEEP_MS = 60_000;

async function money(app: FastifyInstance, options: MoneyPluginOptions) {
  const service = createMoneyService({
    db: app.db,
    provider: options.payments.provider,
    payments: options.payments,
    cases: options.cases,
    events: app.events,
    audit: recordAudit,
    publicUrl: app.config.publicUrl,
    log: app.log,
    now: options.now ?? (() => new Date()),
  });
  app.decorate('money', service);
  await app.register(moneyRoutes(service, options.payments));

  const every = options.sweepIntervalMs ?? (app.config.env === 'test' ? 0 : DEFAULT_SWEEP_MS);
  runEvery(app, every, 'money sweep', () => service.sweep());
}

export default fp(money, {
  name: 'money',
  dependencies: ['config'],
});
