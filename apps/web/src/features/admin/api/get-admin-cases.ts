import { CASE_STATUS, CASE_STATUSES } from '@l4l/shared/constants/cases';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { ADMIN_QUERY_KEY, getPage, type Page } from '../lib/paged.ts';

/**
 * What the validation queue reads of a Case (docs/api/http.md, Cases; the cases feature owns the full shape). Only these
 * fields are required, so the queue keeps working whatever else the case carries.
 */
export const queuedCaseSchema = z.object({
  id: z.string(),
  code: z.string().optional(),
  title: z.string(),
  description: z.string(),
  status: z.enum(CASE_STATUSES),
  category: z.string(),
  creationDate: z.string(),
  userId: z.string(),
  userFullName: z.string().nullish(),
  addressedLawyerId: z.string().nullish(),
  addressedLawyerName: z.string().nullish(),
});
export type QueuedCase = z.infer<typeof queuedCaseSchema>;

export type CasesQueueQuery = { page: number };

/** GET /api/admin/cases?status=PENDIENTE DE VALIDACIÓN: oldest first (the server's order). */
export function getCasesToValidate(query: CasesQueueQuery, signal?: AbortSignal): Promise<Page<QueuedCase>> {
  return getPage(
    '/api/admin/cases',
    queuedCaseSchema,
    { status: CASE_STATUS.PDTEAVALIDACION, page: query.page },
    signal,
  );
}

export const casesToValidateQueryOptions = (query: CasesQueueQuery) =>
  queryOptions({
    queryKey: [...ADMIN_QUERY_KEY, 'cases', 'to-validate', query],
    queryFn: ({ signal }) => getCasesToValidate(query, signal),
  });

export function useCasesToValidate(query: CasesQueueQuery) {
  return useQuery({ ...casesToValidateQueryOptions(query), placeholderData: keepPreviousData });
}
