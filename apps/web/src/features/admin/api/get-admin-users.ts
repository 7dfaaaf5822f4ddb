import type { Role } from '@l4l/shared/constants/roles';
import {
  type ADMIN_USER_SORTS,
  type AdminUser,
  adminUserSchema,
  type UserState,
} from '@l4l/shared/schemas/admin';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ADMIN_QUERY_KEY, getPage, type Page } from '../lib/paged.ts';

export type AdminUsersFilters = {
  search: string;
  role: Role | '';
  state: UserState | '';
  sort: (typeof ADMIN_USER_SORTS)[number];
  order: 'asc' | 'desc';
  page: number;
};

/** GET /api/admin/users?search=&role=&state=&sort=&order=&page= */
export function getAdminUsers(filters: AdminUsersFilters, signal?: AbortSignal): Promise<Page<AdminUser>> {
  return getPage(
    '/api/admin/users',
    adminUserSchema,
    {
      search: filters.search.trim() || undefined,
      role: filters.role || undefined,
      state: filters.state || undefined,
      sort: filters.sort,
      order: filters.order,
      page: filters.page,
    },
    signal,
  );
}

export const adminUsersQueryOptions = (filters: AdminUsersFilters) =>
  queryOptions({
    queryKey: [...ADMIN_QUERY_KEY, 'users', filters],
    queryFn: ({ signal }) => getAdminUsers(filters, signal),
  });

export function useAdminUsers(filters: AdminUsersFilters) {
  return useQuery({ ...adminUsersQueryOptions(filters), placeholderData: keepPreviousData });
}
