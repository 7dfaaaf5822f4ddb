import { CASE_STATUSES } from '@l4l/shared/constants/cases';
import { formatEuros } from '@l4l/shared/format';
import { es } from '@l4l/shared/texts/es/admin';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useAdminStats } from '../api/get-admin-stats.ts';
import styles from './admin.module.css';
import { MoneySummary } from './money-summary.tsx';
import { QueryState, SectionHeading } from './query-state.tsx';

/** 'Resumen': users, lawyers, cases by status, the last 30 days of payments and validation. */
export function OverviewPage({
  lawyersPath,
  casesPath,
  paymentsExtra,
  paymentsPath,
}: {
  lawyersPath: string;
  casesPath: string;
  /** shown under the payment figures: the invoices feature's book download, composed in app/ */
  paymentsExtra?: ReactNode;
  /** (+) the console's Pagos, where the open disputes wait */
  paymentsPath?: string;
}) {
  const stats = useAdminStats();
  const t = es.admin.stats;
  return (
    <section className={styles.page}>
      <SectionHeading title={es.admin.sections.overview} lead={es.admin.leads.overview} />
      {!stats.data ? (
        <QueryState isError={stats.isError} onRetry={() => void stats.refetch()} />
      ) : (
        <>
          <dl className={styles.cards}>
            <div className={styles.card}>
              <dt>{t.users}</dt>
              <dd className={styles.figure}>{stats.data.users.total}</dd>
              <dd className={styles.muted}>
                {t.usersDetail(stats.data.users.clients, stats.data.users.lawyers, stats.data.users.admins)}
              </dd>
              <dd className={styles.muted}>{t.banned(stats.data.users.banned)}</dd>
            </div>
            <div className={`${styles.card} ${stats.data.lawyers.pending > 0 ? styles.cardAttention : ''}`}>
              <dt>{t.lawyersPending}</dt>
              <dd className={styles.figure}>
                <Link to={lawyersPath}>{stats.data.lawyers.pending}</Link>
              </dd>
              <dd className={styles.muted}>{t.lawyersRejected(stats.data.lawyers.rejected)}</dd>
            </div>
            <div className={styles.card}>
              <dt>{t.lawyersVerified}</dt>
              <dd className={styles.figure}>{stats.data.lawyers.verified}</dd>
            </div>
            <div className={styles.card}>
              <dt>{t.medianValidation}</dt>
              <dd className={styles.figure}>
                {stats.data.validation.medianHours === null
                  ? t.noValidations
                  : t.hours(stats.data.validation.medianHours)}
              </dd>
              <dd className={styles.muted}>
                {t.validationTitle(stats.data.validation.days)} ·{' '}
                {t.validatedCount(stats.data.validation.validated)}
              </dd>
            </div>
          </dl>

          <div className={styles.panels}>
            <section className={styles.panel} aria-labelledby="admin-cases-by-status">
              <h2 id="admin-cases-by-status" className={styles.panelTitle}>
                {t.casesTitle}
              </h2>
              <p className={styles.muted}>{t.casesTotal(stats.data.cases.total)}</p>
              <ul className={styles.statusList}>
                {CASE_STATUSES.map((status) => (
                  <li key={status}>
                    <span>{status}</span>
                    <strong>{stats.data.cases.byStatus[status] ?? 0}</strong>
                  </li>
                ))}
              </ul>
              <Link to={casesPath}>{es.admin.sections.cases}</Link>
            </section>
            <section className={styles.panel} aria-labelledby="admin-payments">
              <h2 id="admin-payments" className={styles.panelTitle}>
                {t.paymentsTitle(stats.data.payments.days)}
              </h2>
              <dl className={styles.statusList}>
                <div>
                  <dt>{t.paymentsCount}</dt>
                  <dd>{stats.data.payments.count}</dd>
                </div>
                <div>
                  <dt>{t.paymentsAmount}</dt>
                  <dd>{formatEuros(stats.data.payments.amount)}</dd>
                </div>
                <div>
                  <dt>{t.paymentsFees}</dt>
                  <dd>{formatEuros(stats.data.payments.fees)}</dd>
                </div>
              </dl>
              {paymentsExtra}
            </section>
          </div>
          <MoneySummary disputesPath={paymentsPath} />
        </>
      )}
    </section>
  );
}
