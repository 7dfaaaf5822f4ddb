import { BAR_CENSUS_URL, barAssociationName } from '@l4l/shared/constants/bar-associations';
import type { AdminLawyer } from '@l4l/shared/schemas/admin';
import { es } from '@l4l/shared/texts/es/admin';
import { useState } from 'react';
import { Button } from '../../../components/button/button.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { categoryName, formatAmount, formatDay } from '../../../lib/format.ts';
import { toast } from '../../../lib/toast.ts';
import { type PendingLawyersQuery, usePendingLawyers } from '../api/get-pending-lawyers.ts';
import { useRejectLawyer } from '../api/reject-lawyer.ts';
import { useVerifyLawyer } from '../api/verify-lawyer.ts';
import styles from './admin.module.css';
import { Pager } from './data-table.tsx';
import { QueryState, SectionHeading } from './query-state.tsx';
import { ReasonDialog } from './reason-dialog.tsx';

const SORTS = {
  newest: { sort: 'createdAt', order: 'desc', label: es.admin.lawyers.sortNewest },
  oldest: { sort: 'createdAt', order: 'asc', label: es.admin.lawyers.sortOldest },
  name: { sort: 'name', order: 'asc', label: es.admin.lawyers.sortName },
} as const;
type SortId = keyof typeof SORTS;

const fullName = (lawyer: AdminLawyer) => `${lawyer.name} ${lawyer.surname}`.trim();
const failure = (error: unknown, fallback: string) => (isApiError(error) ? error.message : fallback);

/** What the administrator checks before verifying: contact, practice, bar association and number, price. */
function LawyerFacts({ lawyer }: { lawyer: AdminLawyer }) {
  const t = es.admin.lawyers;
  return (
    <dl className={styles.facts}>
      <div>
        <dt>{t.mail}</dt>
        <dd>
          <a href={`mailto:${lawyer.mail}`}>{lawyer.mail}</a>
        </dd>
      </div>
      <div>
        <dt>{t.phone}</dt>
        <dd>{lawyer.phoneNumber || t.notGiven}</dd>
      </div>
      <div>
        <dt>{t.categories}</dt>
        <dd>{lawyer.categories.map(categoryName).join(', ')}</dd>
      </div>
      <div>
        <dt>{t.province}</dt>
        <dd>{lawyer.province}</dd>
      </div>
      <div>
        <dt>{t.association}</dt>
        <dd>{barAssociationName(lawyer.barAssociation) ?? t.notGiven}</dd>
      </div>
      <div>
        <dt>{t.membershipNumber}</dt>
        <dd>
          {lawyer.barNumber ?? t.notGiven}
          {lawyer.barCheckedAt ? (
            <span className={styles.barChecked}>{t.barChecked(formatDay(lawyer.barCheckedAt))}</span>
          ) : null}
        </dd>
      </div>
      <div>
        <dt>{t.price}</dt>
        <dd>{formatAmount(lawyer.price)} €</dd>
      </div>
    </dl>
  );
}

/** 'Abogados pendientes': each lawyer with what an admin needs to decide; verify, or reject with a reason. */
export function LawyersQueue() {
  const [sortId, setSortId] = useState<SortId>('oldest');
  const [page, setPage] = useState(1);
  const { sort, order } = SORTS[sortId];
  const query: PendingLawyersQuery = { page, sort, order };
  const lawyers = usePendingLawyers(query);
  const verify = useVerifyLawyer();
  const reject = useRejectLawyer();
  const [rejecting, setRejecting] = useState<AdminLawyer | null>(null);
  const t = es.admin.lawyers;

  return (
    <section className={styles.page}>
      <SectionHeading title={es.admin.sections.lawyers} lead={es.admin.leads.lawyers} />
      <div className={styles.toolbar}>
        <label className={styles.inlineField}>
          <span>{es.dashboard.sortBy}</span>
          <select
            className={styles.select}
            value={sortId}
            onChange={(event) => {
              setSortId(event.target.value as SortId);
              setPage(1);
            }}
          >
            {Object.entries(SORTS).map(([id, option]) => (
              <option key={id} value={id}>
                {option.label}
              </option>
            ))}
          </select>
        </label>
      </div>
      {!lawyers.data ? (
        <QueryState isError={lawyers.isError} onRetry={() => void lawyers.refetch()} />
      ) : lawyers.data.rows.length === 0 ? (
        <p className={styles.empty}>{t.empty}</p>
      ) : (
        <>
          <ul className={styles.lawyerList}>
            {lawyers.data.rows.map((lawyer) => (
              <li key={lawyer.id}>
                <article className={styles.lawyerCard} aria-labelledby={`lawyer-${lawyer.id}`}>
                  <div className={styles.lawyerHead}>
                    {lawyer.photoUrl ? (
                      <img className={styles.photo} src={lawyer.photoUrl} alt={t.photo(fullName(lawyer))} />
                    ) : (
                      <span className={`${styles.photo} ${styles.noPhoto}`}>{t.noPhoto}</span>
                    )}
                    <div>
                      <h2 id={`lawyer-${lawyer.id}`} className={styles.cardTitle}>
                        {fullName(lawyer)}
                      </h2>
                      <p className={styles.muted}>
                        {t.registered}: {formatDay(lawyer.createdAt)}
                      </p>
                    </div>
                  </div>
                  <LawyerFacts lawyer={lawyer} />
                  <p className={styles.census}>
                    <a href={BAR_CENSUS_URL} target="_blank" rel="noopener noreferrer">
                      {t.census}
                    </a>
                    <span>{t.censusHint}</span>
                  </p>
                  <div>
                    <h3 className={styles.smallHeading}>{t.description}</h3>
                    <p className={styles.description}>{lawyer.description}</p>
                  </div>
                  <div className={styles.cardActions}>
                    <Button
                      variant="secondary"
                      onClick={() => setRejecting(lawyer)}
                      aria-label={`${t.reject}: ${fullName(lawyer)}`}
                    >
                      {t.reject}
                    </Button>
                    <Button
                      disabled={verify.isPending}
                      aria-label={`${t.verify}: ${fullName(lawyer)}`}
                      onClick={() =>
                        verify.mutate(lawyer.id, {
                          onSuccess: () => toast.success(t.verified(fullName(lawyer))),
                          onError: (error) => toast.error(failure(error, t.actionFailed)),
                        })
                      }
                    >
                      {t.verify}
                    </Button>
                  </div>
                </article>
              </li>
            ))}
          </ul>
          <Pager meta={lawyers.data.meta} onPage={setPage} />
        </>
      )}
      <ReasonDialog
        open={rejecting !== null}
        onOpenChange={(open) => {
          if (!open) {
            setRejecting(null);
            reject.reset();
          }
        }}
        title={rejecting ? t.rejectTitle(fullName(rejecting)) : ''}
        description={t.rejectText}
        required
        confirmLabel={t.reject}
        pending={reject.isPending}
        error={reject.error ? failure(reject.error, t.actionFailed) : undefined}
        onConfirm={(reason) => {
          if (!rejecting) return;
          const name = fullName(rejecting);
          reject.mutate(
            { id: rejecting.id, reason },
            {
              onSuccess: () => {
                toast.success(t.rejected(name));
                setRejecting(null);
              },
            },
          );
        }}
      />
    </section>
  );
}
