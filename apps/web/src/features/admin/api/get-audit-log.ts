import { type AuditEntry, auditEntrySchema } from '@l4l/shared/schemas/admin';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ADMIN_QUERY_KEY, getPage, type Page } from '../lib/paged.ts';

export type AuditQuery = { page: number; order: 'asc' | 'desc' };

/** GET /api/admin/audit: newest first unless asked otherwise. */
export function getAuditLog(query: AuditQuery, signal?: AbortSignal): Promise<Page<AuditEntry>> {
  return getPage('/api/admin/audit', auditEntrySchema, query, signal);
}

export const auditLogQueryOptions = (query: AuditQuery) =>
  queryOptions({
    queryKey: [...ADMIN_QUERY_KEY, 'audit', query],
    queryFn: ({ signal }) => getAuditLog(query, signal),
  });

export function useAuditLog(query: AuditQuery) {
  return useQuery({ ...auditLogQueryOptions(query), placeholderData: keepPreviousData });
}
