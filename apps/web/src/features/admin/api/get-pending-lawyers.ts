import { type AdminLawyer, adminLawyerSchema } from '@l4l/shared/schemas/admin';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ADMIN_QUERY_KEY, getPage, type Page } from '../lib/paged.ts';

export type PendingLawyersQuery = { page: number; sort: 'createdAt' | 'name'; order: 'asc' | 'desc' };

/** GET /api/admin/lawyers?verified=false: lawyers waiting for a decision (neither verified nor rejected). */
export function getPendingLawyers(
  query: PendingLawyersQuery,
  signal?: AbortSignal,
): Promise<Page<AdminLawyer>> {
  return getPage('/api/admin/lawyers', adminLawyerSchema, { verified: 'false', ...query }, signal);
}

export const pendingLawyersQueryOptions = (query: PendingLawyersQuery) =>
  queryOptions({
    queryKey: [...ADMIN_QUERY_KEY, 'lawyers', 'pending', query],
    queryFn: ({ signal }) => getPendingLawyers(query, signal),
  });

export function usePendingLawyers(query: PendingLawyersQuery) {
  return useQuery({ ...pendingLawyersQueryOptions(query), placeholderData: keepPreviousData });
}
