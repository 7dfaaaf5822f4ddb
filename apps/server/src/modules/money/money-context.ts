import { feeBreakdown } from '@l4l/shared/fiscal/fee';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Events } from '../../lib/events.ts';
import type { AuditInsert } from '../admin/index.ts';
import type { CasesApi } from '../cases/index.ts';
import type { PaymentProvider, PaymentsService } from '../payments/index.ts';
import { createMoneyRepository, type Holder, type MoneyRepository } from './money.repository.ts';

export type { Holder } from './money.repository.ts';

/** What the money feature asks of the others (app.ts hands their services to its plugin). */
export type MoneyDeps = {
  db: Db;
  provider: PaymentProvider;
  payments: Pick<PaymentsService, 'expireStale'>;
  cases: Pick<CasesApi, 'lockCase' | 'finishByPlatform' | 'closuresDue'>;
  /** the money events, in the movement's transaction (docs/decisions/0030-one-event-map.md) */
  events: Pick<Events, 'emit'>;
  audit: (tx: Db, entry: AuditInsert) => Promise<void>;
  publicUrl: string;
  log: FastifyBaseLogger;
  /** the clock (tests move it) */
  now: () => Date;
};

/** What each part of the money service (payouts, refunds, disputes, reports, provider events) works with. */
export type MoneyContext = {
  deps: MoneyDeps;
  db: Db;
  provider: PaymentProvider;
  log: FastifyBaseLogger;
  /** the repository outside any transaction */
  repository: MoneyRepository;
};

export function moneyContext(deps: MoneyDeps): MoneyContext {
  return {
    deps,
    db: deps.db,
    provider: deps.provider,
    log: deps.log,
    repository: createMoneyRepository(deps.db),
  };
}

/** The holder's own id: the release's ledger reference, the transfer's group and its idempotency key. */
export const holderId = (holder: Holder): string => holder.caseId ?? holder.consultationId ?? '';
/** Only the ids, for a row to write (a payment or transfer row carries more). */
export const holderOf = (holder: Holder): Holder => ({
  caseId: holder.caseId,
  consultationId: holder.consultationId,
});

/** The case's (or the first consultation's) row locked first, as every writer of its money does. */
export async function lockHolder(deps: Pick<MoneyDeps, 'cases'>, tx: Db, holder: Holder): Promise<void> {
  if (holder.caseId) await deps.cases.lockCase(tx, holder.caseId);
  else if (holder.consultationId) await createMoneyRepository(tx).lockConsultation(holder.consultationId);
}

export const DAY_MS = 24 * 60 * 60 * 1000;
export const conflict = (message: string) => new AppError('CONFLICT', { message });
export const iso = (date: Date | null) => (date ? date.toISOString() : null);

/**
 * What the platform keeps of `cents` when the payment's fee was `feeCents` of `amountCents`: the fee of
 * that part and its IVA, the fee invoice's total (docs/money.md, The fee and its IVA).
 */
export const feeShare = (cents: number, feeCents: number, amountCents: number) =>
  amountCents === 0
    ? 0
    : Math.min(cents, feeBreakdown(cents, Math.round((cents * feeCents) / amountCents)).totalCents);
