import { caseCode } from '@l4l/shared/constants/cases';
import { CATEGORIES, type Category, isCategory } from '@l4l/shared/constants/categories';
import { LIMITS } from '@l4l/shared/constants/limits';
import { es } from '@l4l/shared/texts/es/admin';
import { useState } from 'react';
import { Button } from '../../../components/button/button.tsx';
import { Modal } from '../../../components/modal/modal.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { categoryName, formatDay } from '../../../lib/format.ts';
import { toast } from '../../../lib/toast.ts';
import { useApproveCase } from '../api/approve-case.ts';
import { useDiscardCase } from '../api/discard-case.ts';
import { type QueuedCase, useCasesToValidate } from '../api/get-admin-cases.ts';
import styles from './admin.module.css';
import { type Column, DataTable, Pager } from './data-table.tsx';
import { QueryState, SectionHeading } from './query-state.tsx';
import { ReasonDialog } from './reason-dialog.tsx';

const HOUR_MS = 3_600_000;
const codeOf = (item: QueuedCase) => item.code ?? caseCode(item.id);
const failure = (error: unknown) => (isApiError(error) ? error.message : es.admin.cases.actionFailed);

/** Whole hours since the case was created. */
export function hoursWaiting(creationDate: string, now = Date.now()): number {
  return Math.max(0, Math.floor((now - new Date(creationDate).getTime()) / HOUR_MS));
}

/** docs/domain.md, Limits: cases are approved within 24–48 hours; past 24 h a case is warned, past 48 h it is overdue. */
export function waitingLevel(hours: number): 'ok' | 'late' | 'overdue' {
  if (hours > LIMITS.caseApprovalHours.max) return 'overdue';
  if (hours > LIMITS.caseApprovalHours.min) return 'late';
  return 'ok';
}

function Waiting({ creationDate }: { creationDate: string }) {
  const hours = hoursWaiting(creationDate);
  const level = waitingLevel(hours);
  const t = es.admin.cases;
  return (
    <span
      className={
        level === 'overdue' ? styles.badgeDanger : level === 'late' ? styles.badgeWarn : styles.badgeOk
      }
    >
      {t.hoursWaiting(hours)}
      {level === 'ok' ? null : (
        <span className="visually-hidden">. {level === 'overdue' ? t.overdue : t.late}</span>
      )}
    </span>
  );
}

/** 'Casos por validar': oldest first, time waiting against the 48 h promise; approve with a category or discard. */
export function CasesQueue() {
  const [page, setPage] = useState(1);
  const queue = useCasesToValidate({ page });
  const [reviewing, setReviewing] = useState<QueuedCase | null>(null);
  const [discarding, setDiscarding] = useState<QueuedCase | null>(null);
  const discard = useDiscardCase();
  const t = es.admin.cases;

  const columns: Column<QueuedCase, never>[] = [
    { id: 'waiting', header: t.waiting, cell: (item) => <Waiting creationDate={item.creationDate} /> },
    {
      id: 'title',
      header: t.title,
      cell: (item) => (
        <>
          <strong>
            #{codeOf(item)} · {item.title}
          </strong>
          <span className={styles.subline}>
            {item.addressedLawyerName
              ? t.addressedTo(item.addressedLawyerName)
              : item.addressedLawyerId
                ? t.addressedToLawyer
                : t.general}
          </span>
        </>
      ),
    },
    { id: 'client', header: t.client, cell: (item) => item.userFullName ?? '' },
    {
      id: 'created',
      header: t.created,
      className: styles.nowrap,
      cell: (item) => formatDay(item.creationDate),
    },
    {
      id: 'actions',
      header: es.admin.table.actions,
      cell: (item) => (
        <Button size="sm" onClick={() => setReviewing(item)} aria-label={`${t.review}: #${codeOf(item)}`}>
          {t.review}
        </Button>
      ),
    },
  ];

  return (
    <section className={styles.page}>
      <SectionHeading title={es.admin.sections.cases} lead={es.admin.leads.cases} />
      {!queue.data ? (
        <QueryState isError={queue.isError} onRetry={() => void queue.refetch()} />
      ) : queue.data.rows.length === 0 ? (
        <p className={styles.empty}>{t.empty}</p>
      ) : (
        <>
          <DataTable
            caption={es.admin.sections.cases}
            columns={columns}
            rows={queue.data.rows}
            rowKey={(item) => item.id}
            rowClassName={(item) =>
              waitingLevel(hoursWaiting(item.creationDate)) === 'overdue' ? styles.rowOverdue : undefined
            }
          />
          <Pager meta={queue.data.meta} onPage={setPage} />
        </>
      )}
      <ReviewDialog
        item={reviewing}
        onClose={() => setReviewing(null)}
        onDiscard={(item) => {
          setReviewing(null);
          setDiscarding(item);
        }}
      />
      <ReasonDialog
        open={discarding !== null}
        onOpenChange={(open) => {
          if (!open) {
            setDiscarding(null);
            discard.reset();
          }
        }}
        title={discarding ? t.discardTitle(codeOf(discarding)) : ''}
        description={t.discardText}
        required={false}
        confirmLabel={t.discard}
        pending={discard.isPending}
        error={discard.error ? failure(discard.error) : undefined}
        onConfirm={(reason) => {
          if (!discarding) return;
          const code = codeOf(discarding);
          discard.mutate(
            { id: discarding.id, reason: reason || undefined },
            {
              onSuccess: () => {
                toast.success(t.discarded(code));
                setDiscarding(null);
              },
            },
          );
        }}
      />
    </section>
  );
}

/** Reading the case, choosing one of the 15 categories and approving it (or moving on to discard it). */
function ReviewDialog({
  item,
  onClose,
  onDiscard,
}: {
  item: QueuedCase | null;
  onClose: () => void;
  onDiscard: (item: QueuedCase) => void;
}) {
  const t = es.admin.cases;
  const approve = useApproveCase();
  const [category, setCategory] = useState<Category | ''>('');
  const [missing, setMissing] = useState(false);
  const close = () => {
    setCategory('');
    setMissing(false);
    approve.reset();
    onClose();
  };
  return (
    <Modal
      open={item !== null}
      onOpenChange={(open) => (open ? undefined : close())}
      title={item ? t.reviewTitle(codeOf(item)) : ''}
      description={item?.title}
      size="md"
    >
      {item ? (
        <form
          className={styles.dialogForm}
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            if (!category) {
              setMissing(true);
              return;
            }
            const code = codeOf(item);
            approve.mutate(
              { id: item.id, category },
              {
                onSuccess: () => {
                  toast.success(t.approved(code));
                  close();
                },
              },
            );
          }}
        >
          <dl className={styles.facts}>
            <div>
              <dt>{t.client}</dt>
              <dd>{item.userFullName}</dd>
            </div>
            <div>
              <dt>{t.created}</dt>
              <dd>
                {formatDay(item.creationDate)} · <Waiting creationDate={item.creationDate} />
              </dd>
            </div>
          </dl>
          <div>
            <h3 className={styles.smallHeading}>{t.description}</h3>
            <p className={styles.description}>{item.description}</p>
          </div>
          <div className={styles.stackField}>
            <label htmlFor="case-category">{t.category}</label>
            <select
              id="case-category"
              className={styles.select}
              value={category}
              aria-invalid={missing || undefined}
              aria-describedby={missing ? 'case-category-error' : undefined}
              onChange={(event) => {
                setCategory(isCategory(event.target.value) ? event.target.value : '');
                setMissing(false);
              }}
            >
              <option value="">{t.categoryPlaceholder}</option>
              {CATEGORIES.map((option) => (
                <option key={option} value={option}>
                  {categoryName(option)}
                </option>
              ))}
            </select>
            {missing ? (
              <span id="case-category-error" className={styles.error} role="alert">
                {t.categoryRequired}
              </span>
            ) : null}
          </div>
          {approve.error ? (
            <p className={styles.error} role="alert">
              {failure(approve.error)}
            </p>
          ) : null}
          <div className={styles.dialogActions}>
            <Button variant="danger" onClick={() => onDiscard(item)}>
              {t.discard}
            </Button>
            <Button type="submit" disabled={approve.isPending}>
              {t.approve}
            </Button>
          </div>
        </form>
      ) : null}
    </Modal>
  );
}
