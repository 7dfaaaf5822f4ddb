import { LAWYER_SORTS, type LawyerSort } from '@l4l/shared/constants/sort';
import type { PageMeta } from '@l4l/shared/envelope';
import type { LawyerListItem } from '@l4l/shared/schemas/lawyers';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { getCheckedPage, lazySchema } from '../../../lib/parse-answer.ts';

/** The directory's filters as the screen keeps them (and the URL carries them). */
export type LawyerFilters = {
  search: string;
  categories: string[];
  province: string;
  /** the hourly price's bounds in euros, as typed ('40', '45,50'); '' for none */
  minPrice: string;
  maxPrice: string;
  /** only lawyers whose first consultation is free */
  firstVisitFree: boolean;
  sort: LawyerSort;
  page: number;
};

export const LAWYERS_PAGE_SIZE = 12;

export const DEFAULT_SORT: LawyerSort = LAWYER_SORTS[0].value;

export type LawyersPage = { lawyers: LawyerListItem[]; meta: PageMeta };

const lawyerItemSchema = lazySchema(() =>
  import('@l4l/shared/schemas/lawyers').then((module) => module.lawyerListItemSchema),
);

/**
 * GET /api/lawyers?search&categories&province&minPrice&maxPrice&firstVisitFree&sort&page&pageSize
 * (docs/api/http.md, Lawyers).
 */
export async function getLawyers(filters: LawyerFilters, signal?: AbortSignal): Promise<LawyersPage> {
  const { items, meta } = await getCheckedPage(
    '/api/lawyers',
    {
      search: filters.search || undefined,
      categories: filters.categories.length > 0 ? filters.categories.join(',') : undefined,
      province: filters.province || undefined,
      minPrice: filters.minPrice || undefined,
      maxPrice: filters.maxPrice || undefined,
      firstVisitFree: filters.firstVisitFree ? 'true' : undefined,
      sort: filters.sort,
      page: filters.page,
      pageSize: LAWYERS_PAGE_SIZE,
    },
    lawyerItemSchema,
    signal,
  );
  return { lawyers: items, meta };
}

export const lawyersQueryOptions = (filters: LawyerFilters) =>
  queryOptions({
    queryKey: ['lawyers', 'list', filters],
    queryFn: ({ signal }) => getLawyers(filters, signal),
  });

export function useLawyers(filters: LawyerFilters) {
  // the previous page stays on screen while the next one loads
  return useQuery({ ...lawyersQueryOptions(filters), placeholderData: keepPreviousData });
}
