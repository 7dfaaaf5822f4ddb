import { caseCode } from '@l4l/shared/constants/cases';
import {
  AUTO_FINISH_DAYS,
  CHECKOUT_EXPIRY_MINUTES,
  LEDGER_ACCOUNTS,
  type LedgerAccount,
} from '@l4l/shared/constants/money';
import type { PageEnvelope } from '@l4l/shared/envelope';
import { feeBreakdown } from '@l4l/shared/fiscal/fee';
import type {
  AdminPayment,
  LedgerCheck,
  MoneySummary,
  RefundInput,
  ResolveDisputeInput,
} from '@l4l/shared/schemas/admin-money';
import { centsToEuros, eurosToCents } from '@l4l/shared/schemas/common';
import type { Dispute, PayoutAccount, PayoutBalance, Transfer } from '@l4l/shared/schemas/money';
import { es } from '@l4l/shared/texts/es';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { type AfterCommit, withTransaction } from '../../lib/transaction.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import type { AuditInsert } from '../admin/index.ts';
import { authorize, type CasesApi } from '../cases/index.ts';
import type { NotifyEvent } from '../notifications/index.ts';
import type { PaymentProvider, PaymentRow, PaymentsService } from '../payments/index.ts';
import { caseBalances, hasMovement, recordMovement } from './ledger.ts';
import { createMoneyRepository, type DisputeRow, type TransferRow } from './money.repository.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const conflict = (message: string) => new AppError('CONFLICT', { message });
const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** What the money feature asks of the others (composed by its plugin from their decorators). */
export type MoneyDeps = {
  db: Db;
  provider: PaymentProvider;
  payments: Pick<PaymentsService, 'expireStale'>;
  cases: Pick<CasesApi, 'lockCase' | 'finishByPlatform' | 'closuresDue'>;
  rectifyPayment: (
    tx: Db,
    paymentId: string,
    at: Date,
    part?: { refundCents: number; ofCents: number },
  ) => Promise<string[]>;
  notify: NotifyEvent;
  audit: (tx: Db, entry: AuditInsert) => Promise<void>;
  publicUrl: string;
  log: FastifyBaseLogger;
  /** the clock (tests move it) */
  now: () => Date;
};

type RefundOrder = {
  paymentId: string;
  /** absent: everything not refunded yet */
  amountCents?: number;
  reason: string;
  adminId: string | null;
  disputeId?: string | null;
  /** the provider gave the money back already (a lost card dispute, a refund made at the provider) */
  externalRefundId?: string;
};

/**
 * What the platform keeps of `cents` when the payment's fee was `feeCents` of `amountCents`: the fee of
 * that part and its IVA, the fee invoice's total (docs/money.md, The fee and its IVA).
 */
const feeShare = (cents: number, feeCents: number, amountCents: number) =>
  amountCents === 0
    ? 0
    : Math.min(cents, feeBreakdown(cents, Math.round((cents * feeCents) / amountCents)).totalCents);

/**
 * The money of a case after it is paid (docs/money.md): held while the case runs, released when it
 * finishes (the lawyer's share owed, the fee earned), transferred once to the lawyer's payout account,
 * refunded in full or in part, disputed. Every movement writes balanced ledger entries in the transaction
 * that makes it, under the lock of the case (then the payment, then the transfer), so that concurrent
 * confirmations, webhooks and sweeps change a case one after another.
 */
export function createMoneyService(deps: MoneyDeps) {
  const { db, provider, log } = deps;
  const repository = createMoneyRepository(db);

  /** The payment's charge: money at the provider, held for the client until the case finishes. */
  async function charged(tx: Db, payment: PaymentRow): Promise<void> {
    if (await hasMovement(tx, 'charge', payment.id)) return;
    await recordMovement(tx, {
      kind: 'charge',
      reference: payment.id,
      caseId: payment.caseId,
      legs: [
        { account: 'provider_balance', cents: payment.amountCents },
        { account: 'client_funds', cents: -payment.amountCents },
      ],
    });
  }

  /**
   * The case became FINALIZADO (in its transaction): what is held is released once — the fee to the
   * platform, the share to the lawyer as a PENDIENTE transfer (the outbox) — and sent after the commit.
   */
  async function caseFinished(tx: Db, afterCommit: AfterCommit, caseId: string): Promise<void> {
    const money = createMoneyRepository(tx);
    const payment = await money.lockPaidOfCase(caseId);
    if (!payment || (await hasMovement(tx, 'release', caseId))) return;
    const held = payment.amountCents - payment.refundedCents;
    const fee = feeShare(held, payment.feeCents, payment.amountCents);
    const share = held - fee;
    await recordMovement(tx, {
      kind: 'release',
      reference: caseId,
      caseId,
      legs: [
        { account: 'client_funds', cents: held },
        { account: 'platform_fee', cents: -fee },
        { account: 'lawyer_payable', cents: -share },
      ],
    });
    if (share <= 0) return;
    await money.insertTransfer({
      caseId,
      paymentId: payment.id,
      lawyerId: payment.lawyerId,
      amountCents: share,
      transferGroup: caseId,
    });
    afterCommit(async () => {
      await sendTransfer(caseId);
    });
  }

  /**
   * Sends a case's PENDIENTE transfer when it may go (the lawyer's account enabled, no open dispute):
   * under the case's lock, with the case as the provider's idempotency key, so it goes once however many
   * callers race. A provider failure leaves it PENDIENTE for the next sweep.
   */
  async function sendTransfer(caseId: string): Promise<'sent' | 'held' | 'none'> {
    try {
      return await withTransaction(
        db,
        async (tx, afterCommit) => {
          const money = createMoneyRepository(tx);
          await deps.cases.lockCase(tx, caseId);
          const transfer = await money.lockTransfer(caseId);
          if (transfer?.status !== 'PENDIENTE' || transfer.amountCents === 0) return 'none' as const;
          if (await money.openDisputeOf(caseId)) return 'held' as const;
          const account = await money.account(transfer.lawyerId);
          if (account?.status !== 'enabled' || account.provider !== provider.name) return 'held' as const;
          const payment = await money.paymentById(transfer.paymentId);
          const { transferId } = await provider.transfer({
            caseId,
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
          await recordMovement(tx, {
            kind: 'transfer',
            reference: transfer.id,
            caseId,
            legs: [
              { account: 'lawyer_payable', cents: transfer.amountCents },
              { account: 'provider_balance', cents: -transfer.amountCents },
            ],
          });
          await deps.notify(tx, afterCommit, {
            type: 'payout.sent',
            caseId,
            amountCents: transfer.amountCents,
          });
          return 'sent' as const;
        },
        log,
      );
    } catch (error) {
      log.error({ err: error, caseId }, 'transfer not sent; the next sweep tries again');
      return 'held';
    }
  }

  /**
   * A refund of a completed payment, in the caller's transaction (docs/money.md, Refunds). Before the case
   * finished it comes out of the held money; after, out of the fee and the lawyer's share in proportion,
   * a transfer already sent being reversed first by the lawyer's part. The rectifying invoice, the
   * client's notification and (for an administrator) the audit entry go in the same transaction.
   */
  async function refundInTx(tx: Db, afterCommit: AfterCommit, order: RefundOrder) {
    const money = createMoneyRepository(tx);
    const peek = await money.paymentById(order.paymentId);
    if (!peek) throw notFound(es.admin.money.paymentNotFound);
    await deps.cases.lockCase(tx, peek.caseId);
    const payment = await money.lockPayment(peek.id);
    if (!payment?.completedAt || (payment.status !== 'COMPLETADO' && payment.status !== 'REEMBOLSADO')) {
      throw conflict(es.admin.money.paymentNotRefundable);
    }
    const left = payment.amountCents - payment.refundedCents;
    const cents = order.amountCents ?? left;
    if (left <= 0) throw conflict(es.admin.money.paymentNotRefundable);
    if (cents <= 0 || cents > left) throw conflict(es.admin.money.refundTooLarge);
    const caseId = payment.caseId;
    // the same refund asked again (a retried request) reuses the provider's idempotency keys
    const key = `${payment.id}-${payment.refundedCents}-${cents}`;
    let legs: Array<{ account: LedgerAccount; cents: number }>;
    if (await hasMovement(tx, 'release', caseId)) {
      const balances = await caseBalances(tx, caseId);
      const fee = -balances.platform_fee;
      const transfer = await money.lockTransfer(caseId);
      // the lawyer's money a reversal outside L4L brought back already is used first
      const outside = transfer?.reversedOutsideCents ?? 0;
      const owed = transfer ? transfer.amountCents - transfer.reversedCents : 0;
      let feeBack = fee - Math.round((fee * (left - cents)) / left);
      let lawyerBack = cents - feeBack;
      if (lawyerBack > owed + outside) {
        lawyerBack = owed + outside;
        feeBack = cents - lawyerBack;
      }
      const fromOutside = Math.min(lawyerBack, outside);
      const fromTransfer = lawyerBack - fromOutside;
      if (transfer && fromOutside > 0) {
        await money.setTransfer(transfer.id, { reversedOutsideCents: outside - fromOutside });
      }
      if (transfer && fromTransfer > 0) {
        if (transfer.status === 'PENDIENTE') {
          await money.setTransfer(transfer.id, { amountCents: transfer.amountCents - fromTransfer });
        } else {
          if (!transfer.providerTransferId) throw new Error(`transfer ${transfer.id} sent without an id`);
          await provider.reverseTransfer({
            transferId: transfer.providerTransferId,
            amountCents: fromTransfer,
            key,
          });
          const reversed = transfer.reversedCents + fromTransfer;
          await money.setTransfer(transfer.id, {
            reversedCents: reversed,
            status: reversed >= transfer.amountCents ? 'REVERTIDA' : transfer.status,
          });
          await recordMovement(tx, {
            kind: 'reversal',
            reference: key,
            caseId,
            legs: [
              { account: 'provider_balance', cents: fromTransfer },
              { account: 'lawyer_payable', cents: -fromTransfer },
            ],
          });
        }
      }
      legs = [
        { account: 'platform_fee', cents: feeBack },
        { account: 'lawyer_payable', cents: fromTransfer },
        { account: 'unreconciled', cents: fromOutside },
        { account: 'provider_balance', cents: -cents },
      ];
    } else {
      legs = [
        { account: 'client_funds', cents },
        { account: 'provider_balance', cents: -cents },
      ];
    }
    let providerRefundId = order.externalRefundId;
    if (!providerRefundId) {
      if (!payment.providerPaymentId) throw conflict(es.admin.money.paymentNotRefundable);
      ({ refundId: providerRefundId } = await provider.refund({
        paymentId: payment.id,
        providerPaymentId: payment.providerPaymentId,
        amountCents: cents,
        key,
      }));
    }
    const at = deps.now();
    await money.insertRefund({
      paymentId: payment.id,
      caseId,
      amountCents: cents,
      reason: order.reason,
      adminId: order.adminId,
      disputeId: order.disputeId ?? null,
      providerRefundId,
    });
    await recordMovement(tx, { kind: 'refund', reference: providerRefundId, caseId, legs });
    const full = cents === left;
    await money.setPayment(payment.id, {
      refundedCents: payment.refundedCents + cents,
      refundedAt: at,
      ...(full ? { status: 'REEMBOLSADO' as const } : {}),
    });
    await deps.rectifyPayment(
      tx,
      payment.id,
      at,
      full ? undefined : { refundCents: cents, ofCents: payment.amountCents },
    );
    await deps.notify(tx, afterCommit, {
      type: 'refund.issued',
      caseId,
      amountCents: cents,
      reason: order.reason,
    });
    if (order.adminId) {
      await deps.audit(tx, {
        adminId: order.adminId,
        action: 'payment.refund',
        targetType: 'payment',
        targetId: payment.id,
        reason: order.reason,
        details: { amount: centsToEuros(cents), caseId, disputeId: order.disputeId ?? null },
      });
    }
    return { cents, caseId };
  }

  function toDispute(
    row: DisputeRow,
    facts: { amountCents: number; clientId: string; lawyerId: string },
  ): Dispute {
    return {
      id: row.id,
      caseId: row.caseId,
      caseCode: caseCode(row.caseId),
      clientId: facts.clientId,
      lawyerId: facts.lawyerId,
      amount: centsToEuros(facts.amountCents),
      reason: row.reason,
      status: row.status,
      openedAt: row.openedAt.toISOString(),
      source: row.source,
      outcome: row.outcome,
      refunded: row.refundedCents === null ? null : centsToEuros(row.refundedCents),
      note: row.note,
      resolvedAt: iso(row.resolvedAt),
    };
  }

  /** A transfer as Cobros shows it, with the payment it comes from (docs/money.md, The fee and its IVA). */
  function toTransfer(
    row: TransferRow,
    payment: { amountCents: number; feeCents: number; refundedCents: number } | undefined,
  ): Transfer {
    const fee = feeBreakdown(payment?.amountCents ?? 0, payment?.feeCents ?? 0);
    return {
      id: row.id,
      caseId: row.caseId,
      caseCode: caseCode(row.caseId),
      amount: centsToEuros(
        row.status === 'PENDIENTE' ? row.amountCents : row.amountCents - row.reversedCents,
      ),
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

  /** Resolves a dispute in the caller's transaction (an administrator's decision or the card network's). */
  async function resolveInTx(
    tx: Db,
    afterCommit: AfterCommit,
    dispute: DisputeRow,
    decision: {
      outcome: 'release' | 'refund';
      amountCents?: number;
      note: string;
      adminId: string | null;
      externalRefundId?: string;
    },
  ) {
    const money = createMoneyRepository(tx);
    await deps.cases.lockCase(tx, dispute.caseId);
    const locked = await money.lockDispute(dispute.id);
    if (locked?.status !== 'open') throw conflict(es.admin.money.disputeAlreadyResolved);
    let refunded = 0;
    if (decision.outcome === 'refund') {
      ({ cents: refunded } = await refundInTx(tx, afterCommit, {
        paymentId: locked.paymentId,
        amountCents: decision.amountCents,
        reason: decision.note,
        adminId: decision.adminId,
        disputeId: locked.id,
        externalRefundId: decision.externalRefundId,
      }));
    }
    await money.setDispute(locked.id, {
      status: 'resolved',
      outcome: decision.outcome,
      refundedCents: refunded,
      note: decision.note,
      resolvedBy: decision.adminId,
      resolvedAt: deps.now(),
    });
    if (decision.adminId) {
      await deps.audit(tx, {
        adminId: decision.adminId,
        action: 'dispute.resolve',
        targetType: 'dispute',
        targetId: locked.id,
        reason: decision.note,
        details: { outcome: decision.outcome, refunded: centsToEuros(refunded), caseId: locked.caseId },
      });
    }
    const payment = await money.paymentById(locked.paymentId);
    await deps.notify(tx, afterCommit, {
      type: 'dispute.resolved',
      caseId: locked.caseId,
      amountCents: refunded || (payment?.amountCents ?? 0),
      reason: decision.note,
    });
    // the client's dispute stood instead of a confirmation: deciding it finishes the case
    const finished =
      locked.source === 'client' &&
      (await deps.cases.finishByPlatform(tx, afterCommit, locked.caseId, 'dispute'));
    if (!finished) {
      afterCommit(async () => {
        await sendTransfer(locked.caseId);
      });
    }
    return locked.id;
  }

  const service = {
    charged,
    caseFinished,
    sendTransfer,

    async account(lawyerId: string): Promise<PayoutAccount> {
      const row = await repository.account(lawyerId);
      return {
        status: row?.status ?? 'none',
        provider: provider.name,
        holder: row?.holder ?? null,
        bankLast4: row?.bankLast4 ?? null,
        enabledAt: iso(row?.enabledAt ?? null),
      };
    },

    /**
     * Opens the lawyer's payout account at the provider (once) and answers where to complete it; for an
     * enabled account, where to review and change it (docs/money.md, Payout accounts).
     */
    async onboarding(lawyer: AuthUser): Promise<{ url: string }> {
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
    },

    /**
     * The provider says whether an account may receive transfers (Stripe's `account.updated`, the
     * sandbox's onboarding page). Once enabled, what the lawyer is owed is sent.
     */
    async accountUpdated(
      providerAccountId: string,
      enabled: boolean,
      bank?: { holder: string | null; bankLast4: string | null },
    ): Promise<'updated' | 'unknown'> {
      const row = await repository.accountByProviderId(provider.name, providerAccountId);
      if (!row) return 'unknown';
      if (bank) await repository.setAccountBank(row.lawyerId, bank);
      const nowEnabled = await repository.setAccountStatus(row.lawyerId, enabled ? 'enabled' : 'pending');
      if (nowEnabled) await service.sendOwed(row.lawyerId);
      return 'updated';
    },

    /** The sandbox onboarding page's submit: the caller's own sandbox account becomes enabled. */
    async completeSandboxOnboarding(
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
      await service.accountUpdated(accountId, true, { holder: bank.holder, bankLast4: bank.iban.slice(-4) });
      return service.account(lawyer.id);
    },

    /** Sends every transfer a lawyer (or anyone, without one) is owed and may receive now. */
    async sendOwed(lawyerId?: string, limit = 100): Promise<number> {
      let sent = 0;
      for (const caseId of await repository.sendableTransfers(limit, lawyerId)) {
        if ((await sendTransfer(caseId)) === 'sent') sent += 1;
      }
      return sent;
    },

    async balance(lawyerId: string): Promise<PayoutBalance> {
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
    },

    async transfers(
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
    },

    /** The case's client disputes it instead of confirming (docs/money.md, Disputes). */
    async openDispute(actor: AuthUser, caseId: string, reason: string): Promise<Dispute> {
      return withTransaction(
        db,
        async (tx, afterCommit) => {
          const money = createMoneyRepository(tx);
          const row = await deps.cases.lockCase(tx, caseId);
          authorize('dispute', actor, row);
          const payment = await money.lockPaidOfCase(caseId);
          if (!payment) throw conflict(es.money.disputeNotPaid);
          if (await money.openDisputeOf(caseId)) throw conflict(es.money.disputeAlreadyOpen);
          const dispute = await money.insertDispute({
            caseId,
            paymentId: payment.id,
            source: 'client',
            reason,
          });
          if (!dispute) throw conflict(es.money.disputeAlreadyOpen);
          await deps.notify(tx, afterCommit, {
            type: 'dispute.opened',
            caseId,
            amountCents: payment.amountCents,
            admins: await money.admins(),
          });
          return toDispute(dispute, {
            amountCents: payment.amountCents,
            clientId: payment.userId,
            lawyerId: payment.lawyerId,
          });
        },
        log,
      );
    },

    async disputes(query: {
      status?: 'open' | 'resolved';
      page: number;
      pageSize: number;
    }): Promise<PageEnvelope<Dispute>> {
      const { rows, total } = await repository.disputes(
        query.status,
        query.pageSize,
        (query.page - 1) * query.pageSize,
      );
      return {
        data: rows.map((row) => toDispute(row.dispute, row)),
        meta: { total, page: query.page, pageSize: query.pageSize },
      };
    },

    async resolveDispute(admin: AuthUser, id: string, input: ResolveDisputeInput): Promise<Dispute> {
      const dispute = await repository.disputeById(id);
      if (!dispute) throw notFound(es.admin.money.disputeNotFound);
      await withTransaction(
        db,
        (tx, afterCommit) =>
          resolveInTx(tx, afterCommit, dispute, {
            outcome: input.outcome,
            amountCents: input.amount === undefined ? undefined : eurosToCents(input.amount),
            note: input.note,
            adminId: admin.id,
          }),
        log,
      );
      const payment = await repository.paymentById(dispute.paymentId);
      const row = (await repository.disputeById(id)) ?? dispute;
      return toDispute(row, {
        amountCents: payment?.amountCents ?? 0,
        clientId: payment?.userId ?? '',
        lawyerId: payment?.lawyerId ?? '',
      });
    },

    /** An administrator's refund (docs/money.md, Refunds); refused while the case has an open dispute. */
    async refund(admin: AuthUser, paymentId: string, input: RefundInput): Promise<AdminPayment> {
      const payment = await repository.paymentById(paymentId);
      if (!payment) throw notFound(es.admin.money.paymentNotFound);
      await withTransaction(
        db,
        async (tx, afterCommit) => {
          if (await createMoneyRepository(tx).openDisputeOf(payment.caseId)) {
            throw conflict(es.admin.money.disputeOpen);
          }
          await refundInTx(tx, afterCommit, {
            paymentId,
            amountCents: input.amount === undefined ? undefined : eurosToCents(input.amount),
            reason: input.reason,
            adminId: admin.id,
          });
        },
        log,
      );
      const [row] = (await service.adminPayments({ id: paymentId })).rows;
      if (!row) throw notFound(es.admin.money.paymentNotFound);
      return row;
    },

    async adminPayments(
      filter: { id?: string; status?: string; from?: string; to?: string },
      paging?: { page: number; pageSize: number },
    ) {
      const to = filter.to ? new Date(filter.to) : undefined;
      // a bare date as `to` covers that whole day
      if (to && filter.to && /^\d{4}-\d{2}-\d{2}$/.test(filter.to)) to.setUTCHours(23, 59, 59, 999);
      const { rows, total } = await repository.adminPayments(
        { status: filter.status, from: filter.from ? new Date(filter.from) : undefined, to },
        paging?.pageSize,
        paging ? (paging.page - 1) * paging.pageSize : 0,
      );
      const data: AdminPayment[] = rows
        .filter((row) => !filter.id || row.payment.id === filter.id)
        .map((row) => ({
          id: row.payment.id,
          caseId: row.payment.caseId,
          caseCode: caseCode(row.payment.caseId),
          clientId: row.payment.userId,
          lawyerId: row.payment.lawyerId,
          status: row.payment.status,
          amount: centsToEuros(row.payment.amountCents),
          fee: centsToEuros(row.payment.feeCents),
          refunded: centsToEuros(
            row.payment.status === 'REEMBOLSADO' && row.payment.refundedCents === 0
              ? row.payment.amountCents
              : row.payment.refundedCents,
          ),
          transferStatus: row.transferStatus ?? null,
          transferReversed: centsToEuros(row.transferReversedCents ?? 0),
          transferUnreconciled: centsToEuros(row.transferOutsideCents ?? 0),
          createdAt: row.payment.createdAt.toISOString(),
          clientName: row.clientName,
          lawyerName: row.lawyerName,
          disputeOpen: Boolean(row.disputeOpen),
        }));
      return { rows: data, total };
    },

    /** Every movement balanced, and the ledger agreeing with the payments, refunds and transfers. */
    async ledgerCheck(): Promise<LedgerCheck> {
      const [sums, tables] = await Promise.all([repository.ledgerSums(), repository.tableSums()]);
      const accounts = Object.fromEntries(LEDGER_ACCOUNTS.map((account) => [account, 0])) as Record<
        LedgerAccount,
        number
      >;
      let debits = 0;
      let total = 0;
      for (const row of sums.accounts) {
        accounts[row.account] = Number(row.cents);
        debits += Number(row.debits);
        total += Number(row.cents);
      }
      const byKind = (kind: string, account: LedgerAccount) =>
        Number(sums.kinds.find((row) => row.kind === kind && row.account === account)?.cents ?? 0);
      const problems: string[] = [];
      for (const movement of sums.unbalanced)
        problems.push(`unbalanced ${movement.kind} ${movement.reference}`);
      if (total !== 0) problems.push(`debits and credits differ by ${total} cents`);
      const charged = byKind('charge', 'provider_balance');
      const refunded = -byKind('refund', 'provider_balance');
      const transferred = -byKind('transfer', 'provider_balance') - byKind('reversal', 'provider_balance');
      if (charged !== tables.paid) problems.push(`charges ${charged} ≠ completed payments ${tables.paid}`);
      if (refunded !== tables.refunded)
        problems.push(`refunds ${refunded} ≠ refunds table ${tables.refunded}`);
      if (transferred !== tables.sent)
        problems.push(`transfers ${transferred} ≠ sent transfers ${tables.sent}`);
      if (-accounts.client_funds !== tables.held)
        problems.push(`client funds ${-accounts.client_funds} ≠ held ${tables.held}`);
      if (-accounts.lawyer_payable !== tables.pending) {
        problems.push(`lawyer payable ${-accounts.lawyer_payable} ≠ pending transfers ${tables.pending}`);
      }
      if (-accounts.unreconciled !== tables.unreconciled) {
        problems.push(
          `unreconciled ${-accounts.unreconciled} ≠ reversals outside L4L not settled ${tables.unreconciled}`,
        );
      }
      const euros = (cents: number) => centsToEuros(cents);
      return {
        balanced: problems.length === 0,
        entries: sums.entries,
        totals: {
          debits: euros(debits),
          credits: euros(debits - total),
          accounts: Object.fromEntries(
            Object.entries(accounts).map(([account, cents]) => [account, euros(cents)]),
          ) as Record<LedgerAccount, number>,
          payments: euros(tables.paid),
          fees: euros(-accounts.platform_fee),
          refunds: euros(tables.refunded),
          transfers: euros(tables.sent),
        },
        problems,
      };
    },

    /** The Resumen's figures: the last 12 weeks, money held now, open disputes. */
    async summary(): Promise<MoneySummary> {
      const now = deps.now();
      const monday = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
      monday.setUTCDate(monday.getUTCDate() - ((monday.getUTCDay() + 6) % 7) - 7 * 11);
      const { paid, refunded, sent } = await repository.weekly(monday);
      const weeks: MoneySummary['weeks'] = [];
      for (let i = 0; i < 12; i += 1) {
        const day = new Date(monday.getTime() + i * 7 * DAY_MS).toISOString().slice(0, 10);
        const of = (rows: Array<{ week: string; amount: string }>) =>
          Number(rows.find((r) => r.week === day)?.amount ?? 0);
        weeks.push({
          week: day,
          payments: centsToEuros(of(paid)),
          fees: centsToEuros(Number(paid.find((r) => r.week === day)?.fee ?? 0)),
          refunds: centsToEuros(of(refunded)),
          transfers: centsToEuros(of(sent)),
        });
      }
      const tables = await repository.tableSums();
      return {
        weeks,
        held: centsToEuros(tables.held),
        available: centsToEuros(tables.pending),
        openDisputes: await repository.openDisputeCount(),
      };
    },

    /**
     * The scheduled sweep (docs/money.md, Scheduled work): expires abandoned sandbox checkouts, finishes
     * cases whose closure went unanswered for 7 days, and sends transfers still owed.
     */
    async sweep(): Promise<{ expired: number; finished: number; sent: number }> {
      const now = deps.now();
      const expired = await deps.payments.expireStale(
        new Date(now.getTime() - CHECKOUT_EXPIRY_MINUTES * 60_000),
      );
      let finished = 0;
      for (const caseId of await deps.cases.closuresDue(
        new Date(now.getTime() - AUTO_FINISH_DAYS * DAY_MS),
        100,
      )) {
        try {
          const done = await withTransaction(
            db,
            async (tx, afterCommit) => {
              await deps.cases.lockCase(tx, caseId);
              if (await createMoneyRepository(tx).openDisputeOf(caseId)) return false;
              return deps.cases.finishByPlatform(tx, afterCommit, caseId, 'auto');
            },
            log,
          );
          if (done) finished += 1;
        } catch (error) {
          log.error({ err: error, caseId }, 'case not finished by the sweep');
        }
      }
      const sent = await service.sendOwed();
      return { expired, finished, sent };
    },

    // the provider's events (webhooks): each idempotent and order-independent

    /** `charge.dispute.created`: the card network disputes the payment; its transfer waits. */
    async providerDisputeOpened(providerPaymentId: string, providerDisputeId: string, reason: string) {
      const payment = await repository.paymentByProviderId(providerPaymentId);
      if (!payment) return 'unknown' as const;
      if (await repository.disputeByProviderId(providerDisputeId)) return 'duplicate' as const;
      return withTransaction(
        db,
        async (tx, afterCommit) => {
          const money = createMoneyRepository(tx);
          await deps.cases.lockCase(tx, payment.caseId);
          if (await money.disputeByProviderId(providerDisputeId)) return 'duplicate' as const;
          const open = await money.openDisputeOf(payment.caseId);
          if (open) {
            // a client's dispute is open already: the card dispute joins it
            await money.setDispute(open.id, { providerDisputeId });
            return 'duplicate' as const;
          }
          await money.insertDispute({
            caseId: payment.caseId,
            paymentId: payment.id,
            source: 'provider',
            reason,
            providerDisputeId,
          });
          await deps.notify(tx, afterCommit, {
            type: 'dispute.opened',
            caseId: payment.caseId,
            amountCents: payment.amountCents,
            admins: await money.admins(),
          });
          return 'opened' as const;
        },
        log,
      );
    },

    /** `charge.dispute.closed`: won releases the transfer; lost is money the bank gave back (a refund). */
    async providerDisputeClosed(providerDisputeId: string, won: boolean, amountCents: number) {
      const dispute = await repository.disputeByProviderId(providerDisputeId);
      if (!dispute) return 'unknown' as const;
      if (dispute.status !== 'open') return 'duplicate' as const;
      const note = won
        ? 'Disputa de la tarjeta ganada.'
        : 'Disputa de la tarjeta perdida: el banco devolvió el cargo.';
      await withTransaction(
        db,
        (tx, afterCommit) =>
          resolveInTx(tx, afterCommit, dispute, {
            outcome: won ? 'release' : 'refund',
            amountCents: won ? undefined : amountCents,
            note,
            adminId: null,
            externalRefundId: won ? undefined : `dispute:${providerDisputeId}`,
          }),
        log,
      ).catch((error) => {
        if (error instanceof AppError && error.code === 'CONFLICT') return;
        throw error;
      });
      return 'resolved' as const;
    },

    /**
     * `charge.refunded`: the provider's total refunded for a payment; what our refunds do not account for
     * (a refund made in the provider's dashboard) is recorded as a refund now.
     */
    async providerRefunded(providerPaymentId: string, amountRefundedCents: number, providerRefundId: string) {
      const payment = await repository.paymentByProviderId(providerPaymentId);
      if (!payment) return 'unknown' as const;
      if (await repository.refundByProviderId(providerRefundId)) return 'duplicate' as const;
      const missing = amountRefundedCents - payment.refundedCents;
      if (missing <= 0 || payment.status === 'CANCELADO') return 'duplicate' as const;
      await withTransaction(
        db,
        (tx, afterCommit) =>
          refundInTx(tx, afterCommit, {
            paymentId: payment.id,
            amountCents: missing,
            reason: 'Reembolso hecho en el proveedor de pagos.',
            adminId: null,
            externalRefundId: providerRefundId,
          }),
        log,
      ).catch((error) => {
        if (error instanceof AppError && error.code === 'CONFLICT') return;
        throw error;
      });
      return 'refunded' as const;
    },

    /**
     * `transfer.reversed`, with the provider's total reversed of the transfer: what our own reversals
     * account for changes nothing; the rest was reversed outside L4L (the provider's dashboard) and is
     * recorded now (docs/money.md, Reversals outside L4L): the money is back in the provider balance, held
     * in `unreconciled` until a person settles it, the transfer shows it as reversed, and the lawyer and
     * the administrators are told. Under the case's lock, so a replay, or the event of a reversal our own
     * refund is still making, finds the total accounted for.
     */
    async providerTransferReversed(providerTransferId: string, amountReversedCents: number) {
      const found = await repository.transferByProviderId(providerTransferId);
      if (!found) return 'unknown' as const;
      if (amountReversedCents <= found.reversedCents) return 'duplicate' as const;
      return withTransaction(
        db,
        async (tx, afterCommit) => {
          const money = createMoneyRepository(tx);
          await deps.cases.lockCase(tx, found.caseId);
          const transfer = await money.lockTransfer(found.caseId);
          if (!transfer || transfer.status === 'PENDIENTE') return 'unknown' as const;
          // never more than was sent: a bigger figure is not this transfer's
          const total = Math.min(amountReversedCents, transfer.amountCents);
          const cents = total - transfer.reversedCents;
          if (cents <= 0) return 'duplicate' as const;
          await money.setTransfer(transfer.id, {
            reversedCents: total,
            reversedOutsideCents: transfer.reversedOutsideCents + cents,
            status: total >= transfer.amountCents ? 'REVERTIDA' : transfer.status,
          });
          await recordMovement(tx, {
            kind: 'reversal',
            reference: `outside:${providerTransferId}:${total}`,
            caseId: transfer.caseId,
            legs: [
              { account: 'provider_balance', cents },
              { account: 'unreconciled', cents: -cents },
            ],
          });
          await deps.notify(tx, afterCommit, {
            type: 'payout.reversed',
            caseId: transfer.caseId,
            amountCents: cents,
            admins: await money.admins(),
          });
          log.warn(
            { transferId: transfer.id, caseId: transfer.caseId, cents, reversedCents: total },
            'a transfer was reversed outside L4L: recorded as unreconciled, administrators told',
          );
          return 'reversed' as const;
        },
        log,
      );
    },
  };
  return service;
}

export type MoneyService = ReturnType<typeof createMoneyService>;
