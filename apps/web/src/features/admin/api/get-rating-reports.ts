import { type AdminRatingReport, adminRatingReportSchema } from '@l4l/shared/schemas/ratings';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ADMIN_QUERY_KEY, getPage, type Page } from '../lib/paged.ts';

export type RatingReportsQuery = { page: number };

/** GET /api/admin/ratings/reports?status=open: the reports waiting for a decision, oldest first. */
export function getOpenRatingReports(
  query: RatingReportsQuery,
  signal?: AbortSignal,
): Promise<Page<AdminRatingReport>> {
  return getPage(
    '/api/admin/ratings/reports',
    adminRatingReportSchema,
    { status: 'open', page: query.page },
    signal,
  );
}

export const openRatingReportsQueryOptions = (query: RatingReportsQuery) =>
  queryOptions({
    queryKey: [...ADMIN_QUERY_KEY, 'ratings', 'open-reports', query],
    queryFn: ({ signal }) => getOpenRatingReports(query, signal),
  });

export function useOpenRatingReports(query: RatingReportsQuery) {
  return useQuery({ ...openRatingReportsQueryOptions(query), placeholderData: keepPreviousData });
}
