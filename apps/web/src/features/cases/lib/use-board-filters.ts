import { BOARD_SORTS } from '@l4l/shared/constants/sort';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { BoardFilters } from '../api/case-keys.ts';

/** ADR 0006, Board sorts lists the lawyer's five sorts, 'Por categoría' first: the board opens on it. */
export const DEFAULT_BOARD_SORT = 'category' as const;

const isBoardSort = (value: string | null): value is BoardFilters['sort'] =>
  BOARD_SORTS.some((sort) => sort.value === value);

/**
 * The board's search, sort and page live in the URL (?search&sort&page), so a search survives a reload
 * and the back button. Unknown values in a hand-edited URL are ignored, not sent.
 */
export function useBoardFilters() {
  const [params, setParams] = useSearchParams();

  const filters = useMemo<BoardFilters>(() => {
    const sort = params.get('sort');
    const page = Number(params.get('page'));
    return {
      search: params.get('search') ?? '',
      sort: isBoardSort(sort) ? sort : DEFAULT_BOARD_SORT,
      page: Number.isInteger(page) && page > 0 ? page : 1,
    };
  }, [params]);

  /** A new search or sort goes back to the first page; only a page change keeps the others. */
  const update = useCallback(
    (changes: Partial<BoardFilters>) => {
      setParams(
        () => {
          const next = new URLSearchParams(params);
          const set = (key: string, value: string) => (value ? next.set(key, value) : next.delete(key));
          if (changes.search !== undefined) set('search', changes.search.trim());
          if (changes.sort !== undefined)
            set('sort', changes.sort === DEFAULT_BOARD_SORT ? '' : changes.sort);
          const page = changes.page ?? 1;
          set('page', page > 1 ? String(page) : '');
          return next;
        },
        { replace: changes.page === undefined },
      );
    },
    [params, setParams],
  );

  return { filters, update };
}
