import { PAYMENT_STATUSES } from '@l4l/shared/constants/money';
import { formatEuros } from '@l4l/shared/format';
import { es } from '@l4l/shared/texts/es/admin';
import { moneyWebEs } from '@l4l/shared/texts/money-web';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/button/button.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { formatDay } from '../../../lib/format.ts';
import { paths } from '../../../lib/paths.ts';
import { toast } from '../../../lib/toast.ts';
import {
  type AdminDispute,
  type AdminPayment,
  type AdminPaymentsFilters,
  paymentsCsvUrl,
  useAdminPayments,
  useOpenDisputes,
  useRefundPayment,
  useResolveDispute,
} from '../api/money.ts';
import styles from './admin.module.css';
import { type Column, DataTable, Pager } from './data-table.tsx';
import { RefundDialog, ResolveDisputeDialog } from './money-dialogs.tsx';
import { QueryState, SectionHeading } from './query-state.tsx';

const t = moneyWebEs.admin;
const failure = (error: unknown, fallback: string) => (isApiError(error) ? error.message : fallback);
const stateBadge = (status: string) =>
  status === 'COMPLETADO' || status === 'ENVIADA'
    ? styles.badgeOk
    : status === 'REEMBOLSADO' || status === 'REVERTIDA' || status === 'CANCELADO'
      ? styles.badgeDanger
      : styles.badgeWarn;

/** The transfer's state; one partly taken back says so, and what was reversed outside L4L waits for a person. */
function TransferState({ row }: { row: AdminPayment }) {
  const status = row.transferStatus ?? 'PENDIENTE';
  const partly = status === 'ENVIADA' && row.transferReversed > 0;
  return (
    <span className={styles.transferState}>
      <span className={stateBadge(partly ? 'REVERTIDA' : status)}>
        {partly ? t.table.partlyReversed : (es.admin.money.transferStatuses[status] ?? status)}
      </span>
      {row.transferUnreconciled > 0 ? (
        <span className={styles.muted}>{t.table.unreconciled(formatEuros(row.transferUnreconciled))}</span>
      ) : null}
    </span>
  );
}

/** A case's code as a link to the case (an administrator reads it at its dashboard address). */
function CaseLink({ caseId, code, label }: { caseId: string; code: string; label: string }) {
  return (
    <Link to={`${paths.cases}/${encodeURIComponent(caseId)}`} aria-label={label} className={styles.code}>
      #{code}
    </Link>
  );
}

/**
 * 'Pagos': the open disputes first (they wait for a decision), then every payment with its state, fee,
 * refunds and transfer, filters, CSV, refunds.
 */
export function PaymentsPage() {
  return (
    <section className={styles.page}>
      <SectionHeading title={t.section} lead={t.lead} />
      <DisputesQueue />
      <PaymentsTable />
    </section>
  );
}

/**
 * 'Reembolsar'; while a dispute is open on the case the button is disabled and says why (the dispute's
 * resolution refunds instead, docs/money.md, Refunds).
 */
/** What a payment was for, in the refund's sentences: its case, or its first consultation and day. */
const paidFor = (row: AdminPayment) =>
  row.caseCode
    ? t.refund.ofCase(row.caseCode)
    : t.refund.ofConsultation(row.consultationStart ? formatDay(row.consultationStart) : '');

function RefundAction({ row, onRefund }: { row: AdminPayment; onRefund: (row: AdminPayment) => void }) {
  const reasonId = `refund-blocked-${row.id}`;
  return (
    <span className={styles.refundCell}>
      <Button
        size="sm"
        variant="danger"
        aria-label={t.refund.actionLabel(paidFor(row))}
        disabled={row.disputeOpen}
        aria-describedby={row.disputeOpen ? reasonId : undefined}
        onClick={() => onRefund(row)}
      >
        {t.refund.action}
      </Button>
      {row.disputeOpen ? (
        <span id={reasonId} className={styles.muted}>
          {t.refund.disputed}
        </span>
      ) : null}
    </span>
  );
}

function PaymentsTable() {
  const [filters, setFilters] = useState<AdminPaymentsFilters>({ status: '', from: '', to: '', page: 1 });
  const payments = useAdminPayments(filters);
  const refund = useRefundPayment();
  const [refunding, setRefunding] = useState<AdminPayment | null>(null);
  const set = (key: 'status' | 'from' | 'to') => (value: string) =>
    setFilters((f) => ({ ...f, [key]: value, page: 1 }));

  const columns: Column<AdminPayment, never>[] = [
    { id: 'date', header: t.table.date, cell: (row) => formatDay(row.createdAt) },
    {
      id: 'case',
      header: t.table.caseCode,
      cell: (row) =>
        row.caseId && row.caseCode ? (
          <CaseLink caseId={row.caseId} code={row.caseCode} label={t.table.openCase(row.caseCode)} />
        ) : (
          t.table.firstConsultation(row.consultationStart ? formatDay(row.consultationStart) : '')
        ),
    },
    {
      id: 'amount',
      header: t.table.amount,
      className: styles.number,
      cell: (row) => formatEuros(row.amount),
    },
    { id: 'fee', header: t.table.fee, className: styles.number, cell: (row) => formatEuros(row.fee) },
    {
      id: 'refunded',
      header: t.table.refunded,
      className: styles.number,
      cell: (row) => (row.refunded > 0 ? formatEuros(row.refunded) : '—'),
    },
    {
      id: 'status',
      header: t.table.status,
      cell: (row) => (
        <span className={stateBadge(row.status)}>
          {es.admin.money.paymentStatuses[row.status] ?? row.status}
        </span>
      ),
    },
    {
      id: 'transfer',
      header: t.table.transfer,
      cell: (row) =>
        row.transferStatus ? (
          <TransferState row={row} />
        ) : (
          <span className={styles.muted}>{t.table.noTransfer}</span>
        ),
    },
    {
      id: 'actions',
      header: es.admin.table.actions,
      cell: (row) =>
        row.status === 'COMPLETADO' && row.refunded < row.amount ? (
          <RefundAction row={row} onRefund={setRefunding} />
        ) : null,
    },
  ];

  return (
    <>
      <PaymentsFilters filters={filters} onChange={set} />
      {!payments.data ? (
        <QueryState isError={payments.isError} onRetry={() => void payments.refetch()} />
      ) : payments.data.rows.length === 0 ? (
        <p className={styles.empty}>{t.table.empty}</p>
      ) : (
        <>
          <DataTable
            caption={t.table.caption}
            columns={columns}
            rows={payments.data.rows}
            rowKey={(row) => row.id}
          />
          <Pager meta={payments.data.meta} onPage={(page) => setFilters((f) => ({ ...f, page }))} />
        </>
      )}
      <RefundDialog
        payment={refunding && { ...refunding, caseCode: paidFor(refunding) }}
        onOpenChange={(open) => {
          if (!open) {
            setRefunding(null);
            refund.reset();
          }
        }}
        pending={refund.isPending}
        error={refund.error ? failure(refund.error, t.refund.failed) : undefined}
        onConfirm={(input) => {
          if (!refunding) return;
          const code = paidFor(refunding);
          refund.mutate(
            { id: refunding.id, ...input },
            {
              onSuccess: () => {
                toast.success(t.refund.done(code));
                setRefunding(null);
              },
            },
          );
        }}
      />
    </>
  );
}

/** The payments' filters (state, from, to; each change goes back to the first page) and their CSV. */
function PaymentsFilters({
  filters,
  onChange,
}: {
  filters: AdminPaymentsFilters;
  onChange: (key: 'status' | 'from' | 'to') => (value: string) => void;
}) {
  return (
    <search className={styles.toolbar}>
      <label className={styles.inlineField}>
        <span>{t.filters.status}</span>
        <select
          className={styles.select}
          value={filters.status}
          onChange={(e) => onChange('status')(e.target.value)}
        >
          <option value="">{t.filters.allStates}</option>
          {PAYMENT_STATUSES.map((state) => (
            <option key={state} value={state}>
              {es.admin.money.paymentStatuses[state]}
            </option>
          ))}
        </select>
      </label>
      <DateFilter label={t.filters.from} value={filters.from} onChange={onChange('from')} />
      <DateFilter label={t.filters.to} value={filters.to} onChange={onChange('to')} />
      <a className={styles.csvLink} href={paymentsCsvUrl(filters)} download aria-label={t.filters.csvLabel}>
        {t.filters.csv}
      </a>
    </search>
  );
}

/** A day the payments are filtered from, or up to. */
function DateFilter({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <label className={styles.inlineField}>
      <span>{label}</span>
      <input type="date" className={styles.input} value={value} onChange={(e) => onChange(e.target.value)} />
    </label>
  );
}

function DisputesQueue() {
  const [page, setPage] = useState(1);
  const disputes = useOpenDisputes(page);
  const resolve = useResolveDispute();
  const [resolving, setResolving] = useState<AdminDispute | null>(null);
  const columns: Column<AdminDispute, never>[] = [
    {
      id: 'case',
      header: t.disputes.caseCode,
      cell: (row) => (
        <CaseLink caseId={row.caseId} code={row.caseCode} label={t.disputes.openCase(row.caseCode)} />
      ),
    },
    {
      id: 'amount',
      header: t.disputes.amount,
      className: styles.number,
      cell: (row) => formatEuros(row.amount),
    },
    { id: 'reason', header: t.disputes.reason, className: styles.breakAnywhere, cell: (row) => row.reason },
    { id: 'openedAt', header: t.disputes.openedAt, cell: (row) => formatDay(row.openedAt) },
    {
      id: 'actions',
      header: es.admin.table.actions,
      cell: (row) => (
        <Button
          size="sm"
          aria-label={t.disputes.resolveLabel(row.caseCode)}
          onClick={() => setResolving(row)}
        >
          {t.disputes.resolve}
        </Button>
      ),
    },
  ];
  return (
    <section className={styles.subsection} aria-labelledby="admin-disputes-title">
      <h2 id="admin-disputes-title" className={styles.panelTitle}>
        {t.disputes.title}
      </h2>
      {!disputes.data ? (
        <QueryState isError={disputes.isError} onRetry={() => void disputes.refetch()} />
      ) : disputes.data.rows.length === 0 ? (
        <p className={styles.empty}>{t.disputes.empty}</p>
      ) : (
        <>
          <DataTable
            caption={t.disputes.caption}
            columns={columns}
            rows={disputes.data.rows}
            rowKey={(row) => row.id}
          />
          <Pager meta={disputes.data.meta} onPage={setPage} />
        </>
      )}
      <ResolveDisputeDialog
        dispute={resolving}
        onOpenChange={(open) => {
          if (!open) {
            setResolving(null);
            resolve.reset();
          }
        }}
        pending={resolve.isPending}
        error={resolve.error ? failure(resolve.error, t.disputes.failed) : undefined}
        onConfirm={(input) => {
          if (!resolving) return;
          const code = resolving.caseCode;
          resolve.mutate(
            { id: resolving.id, ...input },
            {
              onSuccess: () => {
                toast.success(t.disputes.done(code));
                setResolving(null);
              },
            },
          );
        }}
      />
    </section>
  );
}
