import { caseCode } from '@l4l/shared/constants/cases';
import { AUTO_FINISH_DAYS, CHECKOUT_EXPIRY_MINUTES } from '@l4l/shared/constants/money';
import type { PageEnvelope } from '@l4l/shared/envelope';
import { feeBreakdown } from '@l4l/shared/fiscal/fee';
import { centsToEuros } from '@l4l/shared/schemas/common';
import type { PayoutAccount, PayoutBalance, Transfer } from '@l4l/shared/schemas/money';
import { es } from '@l4l/shared/texts/es';
import type { Db } from '../../db/database.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { type AfterCommit, withTransaction } from '../../lib/transaction.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import type { PaymentProvider, PaymentRow } from '../payments/index.ts';
import { hasMovement, postCharge, postRelease, postTransfer } from './ledger.ts';
import { createMoneyRepository, type TransferRow } from './money.repository.ts';
import {
  DAY_MS,
  feeShare,
  type Holder,
  holderId,
  holderOf,
  iso,
  lockHolder,
  type MoneyContext,
} from './money-context.ts';

/** A transfer as Cobros shows it, with the payment it comes from (docs/money.md, The fee and its IVA). */
function toTransfer(
  row: TransferRow,
  payment: { amountCents: number; feeCents: number; refundedCents: number } | undefined,
): Transfer {
  const fee = feeBreakdown(payment?.amountCents ?? 0, payment?.feeCents ?? 0);
  return {
    id: row.id,
    caseId: row.caseId,
    caseCode: row.caseId ? caseCode(row.caseId) : null,
    consultationId: row.consultationId,
    amount: centsToEuros(row.status === 'PENDIENTE' ? row.amountCents : row.amountCents - row.reversedCents),
    sent: centsToEuros(row.amountCents),
    status: row.status,
    reversed: centsToEuros(row.reversedCents),
    price: centsToEuros(fee.priceCents),
    fee: centsToEuros(fee.feeCents),
    feeVat: centsToEuros(fee.vatCents),
    feeTotal: centsToEuros(fee.totalCents),
    refunded: centsToEuros(payment?.refundedCents ?? 0),
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * The money on its way to the lawyer (docs/money.md, The flow): the charge held, released when the case
 * finishes, the lawyer's payout account, the one transfer per case, and the scheduled sweep.
 */
export function createPayouts(ctx: MoneyContext) {
  const { db, provider, log, deps, repository } = ctx;

  /** The payment's charge: money at the provider, held for the client until the case finishes. */
  async function charged(tx: Db, payment: PaymentRow): Promise<void> {
    if (await hasMovement(tx, 'charge', payment.id)) return;
    await postCharge(tx, payment);
  }

  /**
   * What is held for a case or a first consultation is released once (in the caller's transaction) — the
   * fee to the platform, the share to the lawyer as a PENDIENTE transfer (the outbox) — and sent after the
   * commit.
   */
  async function release(tx: Db, afterCommit: AfterCommit, holder: Holder): Promise<void> {
    const money = createMoneyRepository(tx);
    const payment = await money.lockPaidOf(holder);
    const group = holderId(holder);
    if (!payment || (await hasMovement(tx, 'release', group))) return;
    const held = payment.amountCents - payment.refundedCents;
    const fee = feeShare(held, payment.feeCents, payment.amountCents);
    const share = held - fee;
    await postRelease(tx, holder, held, fee);
    if (share <= 0) return;
    await money.insertTransfer({
      ...holderOf(holder),
      paymentId: payment.id,
      lawyerId: payment.lawyerId,
      amountCents: share,
      transferGroup: group,
    });
    afterCommit(async () => {
      await sendTransfer(holder);
    });
  }

  /** The case became FINALIZADO (in its transaction): what is held for it is released. */
  const caseFinished = (tx: Db, afterCommit: AfterCommit, caseId: string) =>
    release(tx, afterCommit, { caseId, consultationId: null });

  /**
   * Paid first consultations whose end has passed are released like a finished case (docs/money.md,
   * First consultations): held until then, whether held or cancelled late by the client. Answers how many.
   */
  async function releaseEndedConsultations(limit = 100): Promise<number> {
    let released = 0;
    for (const consultationId of await repository.consultationsToRelease(deps.now(), limit)) {
      try {
        await withTransaction(
          db,
          async (tx, afterCommit) => {
            const holder = { caseId: null, consultationId };
            await lockHolder(deps, tx, holder);
            await release(tx, afterCommit, holder);
          },
          log,
        );
        released += 1;
      } catch (error) {
        log.error(
          { err: error, consultationId },
          'consultation money not released; the next sweep tries again',
        );
      }
    }
    return released;
  }

  /** Sends the transfer in the caller's transaction, under its holder's lock: 'none' when there is none. */
  async function sendInTx(tx: Db, afterCommit: AfterCommit, holder: Holder) {
    const money = createMoneyRepository(tx);
    await lockHolder(deps, tx, holder);
    const transfer = await money.lockTransfer(holder);
    if (transfer?.status !== 'PENDIENTE' || transfer.amountCents === 0) return 'none' as const;
    if (await money.openDisputeOf(holder.caseId)) return 'held' as const;
    const account = await money.account(transfer.lawyerId);
    if (account?.status !== 'enabled' || account.provider !== provider.name) return 'held' as const;
    const payment = await money.paymentById(transfer.paymentId);
    const { caseId } = holder;
    const { transferId } = await provider.transfer({
      group: holderId(holder),
      accountId: account.providerAccountId,
      amountCents: transfer.amountCents,
      currency: 'EUR',
      providerPaymentId: payment?.providerPaymentId ?? null,
    });
    await money.setTransfer(transfer.id, {
      status: 'ENVIADA',
      provider: provider.name,
      providerTransferId: transferId,
      sentAt: deps.now(),
    });
    await postTransfer(tx, transfer);
    // a first consultation's transfer shows in Cobros; the notice names a case (docs/notifications.md)
    if (caseId)
      await deps.events.emit(tx, afterCommit, 'payout.sent', { caseId, amountCents: transfer.amountCents });
    return 'sent' as const;
  }

  /**
   * Sends a case's (or a first consultation's) PENDIENTE transfer when it may go (the lawyer's account
   * enabled, no open dispute): under its holder's lock, with the holder's id as the provider's idempotency
   * key, so it goes once however many callers race. A provider failure leaves it PENDIENTE for the next
   * sweep.
   */
  async function sendTransfer(holder: Holder): Promise<'sent' | 'held' | 'none'> {
    try {
      return await withTransaction(db, (tx, afterCommit) => sendInTx(tx, afterCommit, holder), log);
    } catch (error) {
      log.error({ err: error, ...holder }, 'transfer not sent; the next sweep tries again');
      return 'held';
    }
  }

  /** Sends every transfer a lawyer (or anyone, without one) is owed and may receive now. */
  async function sendOwed(lawyerId?: string, limit = 100): Promise<number> {
    let sent = 0;
    for (const holder of await repository.sendableTransfers(limit, lawyerId)) {
      if ((await sendTransfer(holder)) === 'sent') sent += 1;
    }
    return sent;
  }

  async function account(lawyerId: string): Promise<PayoutAccount> {
    const row = await repository.account(lawyerId);
    return {
      status: row?.status ?? 'none',
      provider: provider.name,
      holder: row?.holder ?? null,
      bankLast4: row?.bankLast4 ?? null,
      enabledAt: iso(row?.enabledAt ?? null),
    };
  }

  /**
   * Opens the lawyer's payout account at the provider (once) and answers where to complete it; for an
   * enabled account, where to review and change it (docs/money.md, Payout accounts).
   */
  async function onboarding(lawyer: AuthUser): Promise<{ url: string }> {
    let row = await repository.account(lawyer.id);
    try {
      const back = `${deps.publicUrl}/dashboard/cobros`;
      if (row?.status === 'enabled' && row.provider === provider.name) {
        return await provider.manageLink(row.providerAccountId, { returnUrl: back });
      }
      if (!row || row.provider !== provider.name) {
        const email = (await repository.lawyerMail(lawyer.id)) ?? '';
        const { accountId } = await provider.createPayoutAccount({ lawyerId: lawyer.id, email });
        await repository.insertAccount({
          lawyerId: lawyer.id,
          provider: provider.name,
          providerAccountId: accountId,
        });
        row = await repository.account(lawyer.id);
      }
      if (!row) throw new Error('payout account not stored');
      return await provider.onboardingLink(row.providerAccountId, { returnUrl: back, refreshUrl: back });
    } catch (error) {
      if (error instanceof AppError) throw error;
      log.error({ err: error, lawyerId: lawyer.id }, 'payout onboarding failed at the provider');
      throw new AppError('SERVICE_UNAVAILABLE', { message: es.money.providerUnavailable });
    }
  }

  /**
   * The provider says whether an account may receive transfers (Stripe's `account.updated`, the
   * sandbox's onboarding page). Once enabled, what the lawyer is owed is sent.
   */
  async function accountUpdated(
    providerAccountId: string,
    enabled: boolean,
    bank?: { holder: string | null; bankLast4: string | null },
  ): Promise<'updated' | 'unknown'> {
    const row = await repository.accountByProviderId(provider.name, providerAccountId);
    if (!row) return 'unknown';
    if (bank) await repository.setAccountBank(row.lawyerId, bank);
    const nowEnabled = await repository.setAccountStatus(row.lawyerId, enabled ? 'enabled' : 'pending');
    if (nowEnabled) await sendOwed(row.lawyerId);
    return 'updated';
  }

  /** The sandbox onboarding page's submit: the caller's own sandbox account becomes enabled. */
  async function completeSandboxOnboarding(
    lawyer: AuthUser,
    accountId: string,
    bank: { holder: string; iban: string },
  ): Promise<PayoutAccount> {
    const row = await repository.account(lawyer.id);
    if (provider.name !== 'sandbox' || row?.providerAccountId !== accountId) {
      throw notFound(es.money.sandboxAccountUnknown);
    }
    const sandbox = provider as PaymentProvider & { enableAccount?: (id: string) => void };
    sandbox.enableAccount?.(accountId);
    // what a provider tells of the bank account: its holder and last four digits, never the IBAN
    await accountUpdated(accountId, true, { holder: bank.holder, bankLast4: bank.iban.slice(-4) });
    return account(lawyer.id);
  }

  async function balance(lawyerId: string): Promise<PayoutBalance> {
    const held = (await repository.heldPayments(lawyerId)).reduce((sum, row) => {
      const left = row.amountCents - row.refundedCents;
      return sum + left - feeShare(left, row.feeCents, row.amountCents);
    }, 0);
    const { rows } = await repository.lawyerTransfers(lawyerId);
    let available = 0;
    let paidOut = 0;
    for (const row of rows) {
      if (row.status === 'PENDIENTE') available += row.amountCents;
      else paidOut += row.amountCents - row.reversedCents;
    }
    return { held: centsToEuros(held), available: centsToEuros(available), paidOut: centsToEuros(paidOut) };
  }

  async function transfers(
    lawyerId: string,
    paging: { page: number; pageSize: number },
  ): Promise<PageEnvelope<Transfer>> {
    const { rows, payments, total } = await repository.lawyerTransfers(
      lawyerId,
      paging.pageSize,
      (paging.page - 1) * paging.pageSize,
    );
    const data = rows.map((row) => toTransfer(row, payments.get(row.paymentId)));
    return { data, meta: { total, page: paging.page, pageSize: paging.pageSize } };
  }

  /** Finishes one case whose closure went unanswered, unless a dispute is open: whether it did. */
  async function finishUnanswered(caseId: string): Promise<boolean> {
    try {
      return await withTransaction(
        db,
        async (tx, afterCommit) => {
          await deps.cases.lockCase(tx, caseId);
          if (await createMoneyRepository(tx).openDisputeOf(caseId)) return false;
          return deps.cases.finishByPlatform(tx, afterCommit, caseId, 'auto');
        },
        log,
      );
    } catch (error) {
      log.error({ err: error, caseId }, 'case not finished by the sweep');
      return false;
    }
  }

  /**
   * The scheduled sweep (docs/money.md, Scheduled work): expires abandoned sandbox checkouts, finishes
   * cases whose closure went unanswered for 7 days, releases paid first consultations that ended, and
   * sends transfers still owed.
   */
  async function sweep(): Promise<{ expired: number; finished: number; released: number; sent: number }> {
    const now = deps.now();
    const expired = await deps.payments.expireStale(
      new Date(now.getTime() - CHECKOUT_EXPIRY_MINUTES * 60_000),
    );
    let finished = 0;
    const due = await deps.cases.closuresDue(new Date(now.getTime() - AUTO_FINISH_DAYS * DAY_MS), 100);
    for (const caseId of due) {
      if (await finishUnanswered(caseId)) finished += 1;
    }
    const released = await releaseEndedConsultations();
    const sent = await sendOwed();
    return { expired, finished, released, sent };
  }

  return {
    charged,
    caseFinished,
    sendTransfer,
    sendOwed,
    account,
    onboarding,
    accountUpdated,
    completeSandboxOnboarding,
    balance,
    transfers,
    sweep,
  };
}
