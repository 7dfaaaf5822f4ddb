import { ROLE, type Role } from '@l4l/shared/constants/roles';
import type { PageMeta } from '@l4l/shared/envelope';
import type { Case } from '@l4l/shared/schemas/cases';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { getCheckedPage } from '../../../lib/parse-answer.ts';
import { caseKeys, type MyCasesFilters } from './case-keys.ts';
import { caseSchema } from './schemas.ts';

export const MY_CASES_PAGE_SIZE = 12;

export type CasesPage = { cases: Case[]; meta: PageMeta };

/**
 * GET /api/cases/user/{id} for a client, /api/cases/lawyer/{id} for a lawyer (docs/api/http.md, Cases), with the
 * optional status filter and paging.
 */
export async function getMyCases(
  userId: string,
  role: Role,
  filters: MyCasesFilters,
  signal?: AbortSignal,
): Promise<CasesPage> {
  const owner = role === ROLE.ABOGADO ? 'lawyer' : 'user';
  const { items, meta } = await getCheckedPage(
    `/api/cases/${owner}/${encodeURIComponent(userId)}`,
    { status: filters.status ?? undefined, page: filters.page, pageSize: MY_CASES_PAGE_SIZE },
    caseSchema,
    signal,
  );
  return { cases: items, meta };
}

export const myCasesQueryOptions = (userId: string, role: Role, filters: MyCasesFilters) =>
  queryOptions({
    queryKey: caseKeys.list(userId, role, filters),
    queryFn: ({ signal }) => getMyCases(userId, role, filters, signal),
  });

export function useMyCases(userId: string, role: Role, filters: MyCasesFilters) {
  return useQuery({ ...myCasesQueryOptions(userId, role, filters), placeholderData: keepPreviousData });
}
