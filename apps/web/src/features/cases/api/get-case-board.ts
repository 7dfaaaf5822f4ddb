import type { PageMeta } from '@l4l/shared/envelope';
import type { BoardCase } from '@l4l/shared/schemas/cases';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { getCheckedPage, lazySchema } from '../../../lib/parse-answer.ts';
import { type BoardFilters, caseKeys } from './case-keys.ts';

export const BOARD_PAGE_SIZE = 12;

export type BoardPage = { cases: BoardCase[]; meta: PageMeta };

const boardItemSchema = lazySchema(() =>
  import('@l4l/shared/schemas/cases').then((module) => module.boardCaseSchema),
);

/** GET /api/cases/pending-cases?search&sort&page&pageSize: the lawyers' board (docs/api/http.md, Cases). */
export async function getCaseBoard(filters: BoardFilters, signal?: AbortSignal): Promise<BoardPage> {
  const { items, meta } = await getCheckedPage(
    '/api/cases/pending-cases',
    {
      search: filters.search || undefined,
      sort: filters.sort,
      page: filters.page,
      pageSize: BOARD_PAGE_SIZE,
    },
    boardItemSchema,
    signal,
  );
  return { cases: items, meta };
}

export const caseBoardQueryOptions = (filters: BoardFilters) =>
  queryOptions({
    queryKey: caseKeys.board(filters),
    queryFn: ({ signal }) => getCaseBoard(filters, signal),
  });

export function useCaseBoard(filters: BoardFilters) {
  return useQuery({ ...caseBoardQueryOptions(filters), placeholderData: keepPreviousData });
}
