import { CASE_STATUSES, type CaseStatus, isCaseStatus } from '@l4l/shared/constants/cases';
import type { Case } from '@l4l/shared/schemas/cases';
import { es } from '@l4l/shared/texts/es/app';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '../../../components/button/button.tsx';
import { FormMessage } from '../../../components/form/field.tsx';
import list from '../../../components/list-page/list-page.module.css';
import { Pager, pageCount } from '../../../components/list-page/pager.tsx';
import { Spinner } from '../../../components/spinner/spinner.tsx';
import { isInvalidDataError } from '../../../lib/parse-answer.ts';
import type { SessionUser } from '../../../lib/session.tsx';
import { useMyCases } from '../api/get-my-cases.ts';
import { CaseCard } from './case-card.tsx';
import styles from './my-cases.module.css';

/**
 * docs/product.md, Mis casos: the client's or the lawyer's cases, with the status filter bar (clicking the
 * active status clears it). The status and page live in the URL (?status&page).
 */
export function MyCases({
  user,
  proposalAction,
}: {
  user: Pick<SessionUser, 'id' | 'role'>;
  /** a lawyer's 'Enviar propuesta' on a row still open to it (the proposals feature, via app/) */
  proposalAction?: (item: Case) => ReactNode;
}) {
  const [params, setParams] = useSearchParams();
  const statusParam = params.get('status') ?? '';
  const status: CaseStatus | null = isCaseStatus(statusParam) ? statusParam : null;
  const pageParam = Number(params.get('page'));
  const page = Number.isInteger(pageParam) && pageParam > 0 ? pageParam : 1;
  const cases = useMyCases(user.id, user.role, { status, page });

  const go = (next: { status: CaseStatus | null; page: number }) =>
    setParams(() => {
      const query = new URLSearchParams();
      if (next.status) query.set('status', next.status);
      if (next.page > 1) query.set('page', String(next.page));
      return query;
    });

  const meta = cases.data?.meta;
  const pages = pageCount(meta);

  return (
    <div className={list.page}>
      {/* biome-ignore lint/a11y/useSemanticElements: a bar of toggle buttons, not a form's fieldset */}
      <div className={styles.filters} role="group" aria-label={es.cases.statusFilter}>
        {CASE_STATUSES.map((option) => (
          <button
            key={option}
            type="button"
            className={styles.filter}
            aria-pressed={status === option}
            onClick={() => go({ status: status === option ? null : option, page: 1 })}
          >
            {option}
          </button>
        ))}
      </div>

      {cases.isPending ? (
        <div className={list.state}>
          <Spinner label={es.cases.loading} />
          <p>{es.cases.loading}</p>
        </div>
      ) : cases.isError ? (
        <div className={list.state}>
          <FormMessage>
            {isInvalidDataError(cases.error) ? es.validation.invalidData : es.cases.loadError}
          </FormMessage>
          <Button variant="secondary" onClick={() => cases.refetch()}>
            {es.common.retry}
          </Button>
        </div>
      ) : cases.data.cases.length === 0 && status ? (
        // a status with no case is not an empty list: say so and offer every case again
        <div className={list.state} role="status">
          <p>{es.cases.emptyCategory}</p>
          <Button variant="secondary" onClick={() => go({ status: null, page: 1 })}>
            {es.dashboard.clearFilters}
          </Button>
        </div>
      ) : cases.data.cases.length === 0 ? (
        <p className={list.state}>{es.cases.empty}</p>
      ) : (
        <>
          <ul className={list.list} aria-busy={cases.isPlaceholderData}>
            {cases.data.cases.map((item) => (
              <li key={item.id}>
                <CaseCard item={item} role={user.role} proposalAction={proposalAction} />
              </li>
            ))}
          </ul>
          <Pager page={page} pages={pages} onPage={(next) => go({ status, page: next })} />
        </>
      )}
    </div>
  );
}
