import { CASE_STATUSES } from '@l4l/shared/constants/cases';
import { formatEuros } from '@l4l/shared/format';
import type { AdminStats } from '@l4l/shared/schemas/admin';
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
          <HeadlineCards stats={stats.data} lawyersPath={lawyersPath} />

          <div className={styles.panels}>
            <CasesPanel cases={stats.data.cases} casesPath={casesPath} />
            <FiguresPanel
              id="admin-payments"
              title={t.paymentsTitle(stats.data.payments.days)}
              figures={[
                [t.paymentsCount, stats.data.payments.count],
                [t.paymentsAmount, formatEuros(stats.data.payments.amount)],
                [t.paymentsFees, formatEuros(stats.data.payments.fees)],
              ]}
            >
              {paymentsExtra}
            </FiguresPanel>
            <FiguresPanel
              id="admin-consultations"
              title={t.consultationsTitle(stats.data.consultations.days)}
              figures={[
                [t.consultationsUpcoming, stats.data.consultations.upcoming],
                [t.consultationsBooked, stats.data.consultations.booked],
                [t.consultationsPaid, stats.data.consultations.paid],
                [t.consultationsHeld, stats.data.consultations.held],
                [t.consultationsCancelled, stats.data.consultations.cancelled],
              ]}
            />
          </div>
          <MoneySummary disputesPath={paymentsPath} />
        </>
      )}
    </section>
  );
}

/** The headline figures: users, lawyers waiting for verification (a link to them), verified, validation time. */
function HeadlineCards({ stats, lawyersPath }: { stats: AdminStats; lawyersPath: string }) {
  const t = es.admin.stats;
  return (
    <dl className={styles.cards}>
      <div className={styles.card}>
        <dt>{t.users}</dt>
        <dd className={styles.figure}>{stats.users.total}</dd>
        <dd className={styles.muted}>
          {t.usersDetail(stats.users.clients, stats.users.lawyers, stats.users.admins)}
        </dd>
        <dd className={styles.muted}>{t.banned(stats.users.banned)}</dd>
      </div>
      <div className={`${styles.card} ${stats.lawyers.pending > 0 ? styles.cardAttention : ''}`}>
        <dt>{t.lawyersPending}</dt>
        <dd className={styles.figure}>
          <Link to={lawyersPath}>{stats.lawyers.pending}</Link>
        </dd>
        <dd className={styles.muted}>{t.lawyersRejected(stats.lawyers.rejected)}</dd>
      </div>
      <div className={styles.card}>
        <dt>{t.lawyersVerified}</dt>
        <dd className={styles.figure}>{stats.lawyers.verified}</dd>
      </div>
      <div className={styles.card}>
        <dt>{t.medianValidation}</dt>
        <dd className={styles.figure}>
          {stats.validation.medianHours === null ? t.noValidations : t.hours(stats.validation.medianHours)}
        </dd>
        <dd className={styles.muted}>
          {t.validationTitle(stats.validation.days)} · {t.validatedCount(stats.validation.validated)}
        </dd>
      </div>
    </dl>
  );
}

/** The cases by status, with the way to the console's case list. */
function CasesPanel({ cases, casesPath }: { cases: AdminStats['cases']; casesPath: string }) {
  const t = es.admin.stats;
  return (
    <section className={styles.panel} aria-labelledby="admin-cases-by-status">
      <h2 id="admin-cases-by-status" className={styles.panelTitle}>
        {t.casesTitle}
      </h2>
      <p className={styles.muted}>{t.casesTotal(cases.total)}</p>
      <ul className={styles.statusList}>
        {CASE_STATUSES.map((status) => (
          <li key={status}>
            <span>{status}</span>
            <strong>{cases.byStatus[status] ?? 0}</strong>
          </li>
        ))}
      </ul>
      <Link to={casesPath}>{es.admin.sections.cases}</Link>
    </section>
  );
}

/** A titled panel of labelled figures (the payments', the first consultations'), and what goes under them. */
function FiguresPanel({
  id,
  title,
  figures,
  children,
}: {
  id: string;
  title: string;
  figures: Array<[label: string, value: ReactNode]>;
  children?: ReactNode;
}) {
  return (
    <section className={styles.panel} aria-labelledby={id}>
      <h2 id={id} className={styles.panelTitle}>
        {title}
      </h2>
      <dl className={styles.statusList}>
        {figures.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {children}
    </section>
  );
}
