import { caseCode } from '@l4l/shared/constants/cases';
import { LEDGER_ACCOUNTS, type LedgerAccount } from '@l4l/shared/constants/money';
import type { AdminPayment, LedgerCheck, MoneySummary } from '@l4l/shared/schemas/admin-money';
import { centsToEuros } from '@l4l/shared/schemas/common';
import { DAY_MS, type MoneyContext } from './money-context.ts';

/** The administrators' money reports (docs/money.md): Pagos, the ledger check and the Resumen. */
export function createReports(ctx: MoneyContext) {
  const { deps, repository } = ctx;
  return {
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
          caseCode: row.payment.caseId ? caseCode(row.payment.caseId) : null,
          consultationId: row.payment.consultationId,
          consultationStart: row.consultationStart?.toISOString() ?? null,
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
  };
}
