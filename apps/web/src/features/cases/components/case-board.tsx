import { BOARD_SORTS } from '@l4l/shared/constants/sort';
import { es } from '@l4l/shared/texts/es/app';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '../../../components/button/button.tsx';
import { Field, FormMessage } from '../../../components/form/field.tsx';
import { SearchIcon } from '../../../components/icons/icons.tsx';
import list from '../../../components/list-page/list-page.module.css';
import { Pager, pageCount } from '../../../components/list-page/pager.tsx';
import { Spinner } from '../../../components/spinner/spinner.tsx';
import { isInvalidDataError } from '../../../lib/parse-answer.ts';
import { type BoardFilters, caseKeys } from '../api/case-keys.ts';
import { useCaseBoard } from '../api/get-case-board.ts';
import { useBoardFilters } from '../lib/use-board-filters.ts';
import { BoardCaseCard, type ProposalAction } from './board-case-card.tsx';
import styles from './case-board.module.css';

/** The search waits for a pause in typing before it asks the server. */
export const BOARD_SEARCH_DEBOUNCE_MS = 300;

/**
 * docs/product.md, Home (lawyer): 'Tablón de casos Generales' — the published cases, searchable, sortable and
 * paged; each card sends a proposal through `proposalAction`.
 */
export function CaseBoard({
  proposalAction,
  aside,
}: {
  proposalAction?: ProposalAction;
  /** shown under the filters with the board's current filters (the saved searches, composed in app/) */
  aside?: (filters: BoardFilters) => ReactNode;
}) {
  const { filters, update } = useBoardFilters();
  // a new-case alert's link picks one case out (docs/alerts.md)
  const [params] = useSearchParams();
  const picked = params.get('caso');
  const board = useCaseBoard(filters);
  const queryClient = useQueryClient();
  const [search, setSearch] = useState(filters.search);
  // cases this lawyer just proposed on: the card says so before the refreshed board arrives
  const [sent, setSent] = useState<ReadonlySet<string>>(new Set());

  useEffect(() => {
    if (search.trim() === filters.search) return;
    const timer = setTimeout(() => update({ search }), BOARD_SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [search, filters.search, update]);
  useEffect(() => {
    setSearch((current) => (current.trim() === filters.search ? current : filters.search));
  }, [filters.search]);

  const onSent = (caseId: string) => () => {
    setSent((current) => new Set(current).add(caseId));
    void queryClient.invalidateQueries({ queryKey: caseKeys.boards() });
  };

  const meta = board.data?.meta;
  const pages = pageCount(meta);

  return (
    <div className={list.page}>
      <search className={`${list.filters} ${styles.filters}`}>
        <Field label={es.dashboard.searchCases} className={styles.search}>
          {(control) => (
            <div className={list.searchBox}>
              <SearchIcon size={18} className={list.searchIcon} />
              <input
                {...control}
                type="search"
                className={list.searchInput}
                value={search}
                onChange={(event) => setSearch(event.target.value)}
              />
            </div>
          )}
        </Field>
        <Field label={es.dashboard.sortBy}>
          {(control) => (
            <select
              {...control}
              className={list.select}
              value={filters.sort}
              onChange={(event) => update({ sort: event.target.value as BoardFilters['sort'] })}
            >
              {BOARD_SORTS.map((sort) => (
                <option key={sort.value} value={sort.value}>
                  {sort.label}
                </option>
              ))}
            </select>
          )}
        </Field>
      </search>
      {aside?.(filters)}

      {board.isPending ? (
        <div className={list.state}>
          <Spinner label={es.cases.loading} />
          <p>{es.cases.loading}</p>
        </div>
      ) : board.isError ? (
        <div className={list.state}>
          <FormMessage>
            {isInvalidDataError(board.error) ? es.validation.invalidData : es.cases.loadError}
          </FormMessage>
          <Button variant="secondary" onClick={() => board.refetch()}>
            {es.common.retry}
          </Button>
        </div>
      ) : board.data.cases.length === 0 && filters.search ? (
        // a search that matched nothing is not an empty board: say so and offer the way back
        <div className={list.state} role="status">
          <p>{es.dashboard.boardNoMatch}</p>
          <Button
            variant="secondary"
            onClick={() => {
              setSearch('');
              update({ search: '' });
            }}
          >
            {es.dashboard.clearFilters}
          </Button>
        </div>
      ) : board.data.cases.length === 0 ? (
        <p className={list.state}>{es.dashboard.boardEmpty}</p>
      ) : (
        <>
          <p className={list.count} aria-live="polite">
            {es.dashboard.boardCount(meta?.total ?? board.data.cases.length, meta?.totalIsExact)}
          </p>
          <ul className={list.list} aria-busy={board.isPlaceholderData}>
            {board.data.cases.map((boardCase) => (
              <li key={boardCase.id}>
                <BoardCaseCard
                  boardCase={boardCase}
                  sent={sent.has(boardCase.id)}
                  picked={boardCase.id === picked}
                  proposalAction={proposalAction}
                  onSent={onSent(boardCase.id)}
                />
              </li>
            ))}
          </ul>
          <Pager page={filters.page} pages={pages} onPage={(page) => update({ page })} />
        </>
      )}
    </div>
  );
}
