import { formatEuros } from '@l4l/shared/format';
import type { MoneySummary as Summary } from '@l4l/shared/schemas/admin-money';
import { moneyWebEs } from '@l4l/shared/texts/money-web';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/button/button.tsx';
import { Spinner } from '../../../components/spinner/spinner.tsx';
import { formatDay } from '../../../lib/format.ts';
import { useMoneySummary } from '../api/money.ts';
import styles from './admin.module.css';
import type { Series } from './money-charts.tsx';
import { QueryState } from './query-state.tsx';

const t = moneyWebEs.admin.summary;

// the chart library is the console's heaviest code: it loads only when the summary has data to draw (ADR 0008)
const WeekChart = lazy(() => import('./money-charts.tsx').then((module) => ({ default: module.WeekChart })));

const SERIES: { key: Series; label: string }[] = [
  { key: 'payments', label: t.payments },
  { key: 'fees', label: t.fees },
  { key: 'refunds', label: t.refunds },
  { key: 'transfers', label: t.transfers },
];

/**
 * The summary's money (docs/money.md): held now and open disputes as figures, then payments, fees, refunds
 * and transfers per week as bar charts. Each chart has its table: always there for screen readers
 * (visually hidden), shown instead of the chart with 'Ver como tabla'.
 */
export function MoneySummary({ disputesPath }: { disputesPath?: string }) {
  const summary = useMoneySummary();
  return (
    <section className={styles.subsection} aria-labelledby="admin-money-title">
      <h2 id="admin-money-title" className={styles.panelTitle}>
        {t.title}
      </h2>
      {!summary.data ? (
        <QueryState isError={summary.isError} onRetry={() => void summary.refetch()} />
      ) : (
        <>
          <p className={styles.muted}>{t.lead(summary.data.weeks.length)}</p>
          <dl className={styles.cards}>
            <div className={styles.card}>
              <dt>{t.heldNow}</dt>
              <dd className={styles.figure}>{formatEuros(summary.data.held)}</dd>
              <dd className={styles.muted}>{t.heldHint}</dd>
            </div>
            <div className={`${styles.card} ${summary.data.openDisputes > 0 ? styles.cardAttention : ''}`}>
              <dt>{t.openDisputes}</dt>
              <dd className={styles.figure}>
                {disputesPath ? (
                  <Link to={disputesPath}>{summary.data.openDisputes}</Link>
                ) : (
                  summary.data.openDisputes
                )}
              </dd>
            </div>
          </dl>
          <div className={styles.charts}>
            {SERIES.map((series) => (
              <WeekFigure
                key={series.key}
                series={series.key}
                label={series.label}
                weeks={summary.data.weeks}
              />
            ))}
          </div>
        </>
      )}
    </section>
  );
}

function WeekFigure({ series, label, weeks }: { series: Series; label: string; weeks: Summary['weeks'] }) {
  const [asTable, setAsTable] = useState(false);
  const title = t.perWeek(label);
  const id = `money-${series}`;
  return (
    <figure className={styles.chartCard} aria-labelledby={`${id}-title`}>
      <figcaption className={styles.chartHeader}>
        <h3 id={`${id}-title`} className={styles.chartTitle}>
          {title}
        </h3>
        <Button variant="ghost" size="sm" aria-pressed={asTable} onClick={() => setAsTable((v) => !v)}>
          {asTable ? t.showChart : t.showTable}
        </Button>
      </figcaption>
      {asTable ? null : (
        <div className={styles.chartArea} aria-hidden="true">
          <Suspense fallback={<Spinner label={t.loading} />}>
            <WeekChart weeks={weeks} series={series} label={label} />
          </Suspense>
        </div>
      )}
      <table className={asTable ? styles.weekTable : 'visually-hidden'}>
        <caption className="visually-hidden">{title}</caption>
        <thead>
          <tr>
            <th scope="col">{t.week}</th>
            <th scope="col" className={styles.number}>
              {t.amount}
            </th>
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={week.week}>
              <th scope="row">{t.weekOf(formatDay(week.week))}</th>
              <td className={styles.number}>{formatEuros(week[series])}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
