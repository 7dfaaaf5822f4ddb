import type { AdminRatingReport } from '@l4l/shared/schemas/ratings';
import { es } from '@l4l/shared/texts/es/admin';
import { useState } from 'react';
import { Button } from '../../../components/button/button.tsx';
import { Stars } from '../../../components/stars/stars.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { formatDay } from '../../../lib/format.ts';
import { toast } from '../../../lib/toast.ts';
import { type RatingDecision, useDecideOnRating } from '../api/decide-on-rating.ts';
import { useOpenRatingReports } from '../api/get-rating-reports.ts';
import styles from './admin.module.css';
import { type Column, DataTable, Pager } from './data-table.tsx';
import { QueryState, SectionHeading } from './query-state.tsx';
import { ReasonDialog } from './reason-dialog.tsx';

type Deciding = { report: AdminRatingReport; decision: RatingDecision };

/**
 * 'Valoraciones': the open reports of abusive ratings, oldest first, with the rating's text and the
 * reason; 'Ocultar' or 'Mantener' with a note (docs/domain.md, Ratings).
 */
export function RatingsPage() {
  const [page, setPage] = useState(1);
  const reports = useOpenRatingReports({ page });
  const [deciding, setDeciding] = useState<Deciding | null>(null);
  const decide = useDecideOnRating();
  const t = es.admin.ratings;

  const columns: Column<AdminRatingReport, never>[] = [
    {
      id: 'rating',
      header: t.rating,
      className: styles.proseCell,
      cell: ({ rating }) => (
        <>
          <span className={styles.subline}>{t.about(rating.userName, rating.lawyerName)}</span>
          <span>
            <Stars score={rating.stars} />
            <span className="visually-hidden">{t.scoreOf(rating.stars)}</span>
          </span>
          {rating.title ? <strong className={styles.block}>{rating.title}</strong> : null}
          {rating.description ? <span className={styles.block}>{rating.description}</span> : null}
          <span className={styles.subline}>{formatDay(rating.date)}</span>
        </>
      ),
    },
    {
      id: 'reason',
      header: t.reason,
      className: styles.proseCell,
      cell: (report) => (
        <>
          <span className={styles.block}>{report.reason}</span>
          <span className={styles.subline}>{t.reportedBy(report.reporterName)}</span>
        </>
      ),
    },
    {
      id: 'date',
      header: t.reportedAt,
      className: styles.nowrap,
      cell: (report) => formatDay(report.createdAt),
    },
    {
      id: 'actions',
      header: es.admin.table.actions,
      cell: (report) => (
        <span className={styles.rowActions}>
          <Button
            size="sm"
            variant="danger"
            onClick={() => setDeciding({ report, decision: 'hide' })}
            aria-label={`${t.hide}: ${report.rating.title || report.rating.userName}`}
          >
            {t.hide}
          </Button>
          <Button
            size="sm"
            variant="secondary"
            onClick={() => setDeciding({ report, decision: 'keep' })}
            aria-label={`${t.keep}: ${report.rating.title || report.rating.userName}`}
          >
            {t.keep}
          </Button>
        </span>
      ),
    },
  ];

  const hiding = deciding?.decision === 'hide';
  return (
    <section className={styles.page}>
      <SectionHeading title={es.admin.sections.ratings} lead={es.admin.leads.ratings} />
      {!reports.data ? (
        <QueryState isError={reports.isError} onRetry={() => void reports.refetch()} />
      ) : reports.data.rows.length === 0 ? (
        <p className={styles.empty}>{t.empty}</p>
      ) : (
        <>
          <DataTable
            caption={es.admin.sections.ratings}
            columns={columns}
            rows={reports.data.rows}
            rowKey={(report) => report.id}
          />
          <Pager meta={reports.data.meta} onPage={setPage} />
        </>
      )}
      <ReasonDialog
        open={deciding !== null}
        onOpenChange={(open) => {
          if (!open) {
            setDeciding(null);
            decide.reset();
          }
        }}
        title={hiding ? t.hideTitle : t.keepTitle}
        description={hiding ? t.hideText : t.keepText}
        required
        field={{ label: t.note, placeholder: t.notePlaceholder, missing: es.admin.noteRequired }}
        tone={hiding ? 'danger' : 'primary'}
        confirmLabel={hiding ? t.hide : t.keep}
        pending={decide.isPending}
        error={
          decide.error
            ? isApiError(decide.error)
              ? decide.error.message
              : es.admin.cases.actionFailed
            : undefined
        }
        onConfirm={(note) => {
          if (!deciding) return;
          const { decision } = deciding;
          decide.mutate(
            { ratingId: deciding.report.rating.id, decision, note },
            {
              onSuccess: () => {
                toast.success(decision === 'hide' ? t.hidden : t.kept);
                setDeciding(null);
              },
            },
          );
        }}
      >
        {deciding ? (
          <blockquote className={styles.description}>
            {deciding.report.rating.title ? <strong>{deciding.report.rating.title}. </strong> : null}
            {deciding.report.rating.description}
          </blockquote>
        ) : null}
      </ReasonDialog>
    </section>
  );
}
