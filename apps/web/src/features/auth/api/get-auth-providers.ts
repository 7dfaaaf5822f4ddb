import type { AuthProviders } from '@l4l/shared/schemas/auth';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';

/** GET /api/auth/providers: which social sign-ins the server has configured (Google only, today). */
export function getAuthProviders(signal?: AbortSignal): Promise<AuthProviders> {
  return apiClient.get<AuthProviders>('/api/auth/providers', { signal });
}

export const authProvidersQueryOptions = () =>
  queryOptions({
    queryKey: ['auth', 'providers'],
    queryFn: ({ signal }) => getAuthProviders(signal),
    // configuration does not change while the page is open
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });

export function useAuthProviders() {
  return useQuery(authProvidersQueryOptions());
}
