import type { PageMeta } from '@l4l/shared/envelope';
import { type BoardCase, boardCaseSchema } from '@l4l/shared/schemas/cases';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiClient } from '../../../lib/api-client.ts';
import { parseAnswer } from '../../../lib/parse-answer.ts';
import { type BoardFilters, caseKeys } from './case-keys.ts';

export const BOARD_PAGE_SIZE = 12;

export type BoardPage = { cases: BoardCase[]; meta: PageMeta };

const boardAnswerSchema = z.array(boardCaseSchema);

/** GET /api/cases/pending-cases?search&sort&page&pageSize: the lawyers' board (API.md). */
export async function getCaseBoard(filters: BoardFilters, signal?: AbortSignal): Promise<BoardPage> {
  const answer = await apiClient.getPage<unknown>('/api/cases/pending-cases', {
    signal,
    query: {
      search: filters.search || undefined,
      sort: filters.sort,
      page: filters.page,
      pageSize: BOARD_PAGE_SIZE,
    },
  });
  const cases = parseAnswer(boardAnswerSchema, answer?.data);
  const meta = answer?.meta ?? { total: cases.length, page: filters.page, pageSize: BOARD_PAGE_SIZE };
  return { cases, meta };
}

export const caseBoardQueryOptions = (filters: BoardFilters) =>
  queryOptions({
    queryKey: caseKeys.board(filters),
    queryFn: ({ signal }) => getCaseBoard(filters, signal),
  });

export function useCaseBoard(filters: BoardFilters) {
  return useQuery({ ...caseBoardQueryOptions(filters), placeholderData: keepPreviousData });
}
