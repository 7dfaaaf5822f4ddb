import { type AuthProviders, authProvidersSchema } from '@l4l/shared/schemas/auth';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { parseAnswer } from '../../../lib/parse-answer.ts';

/** GET /api/auth/providers: which social sign-ins the server has configured (Google only, today). */
export async function getAuthProviders(signal?: AbortSignal): Promise<AuthProviders> {
  return parseAnswer(authProvidersSchema, await apiClient.get('/api/auth/providers', { signal }));
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
