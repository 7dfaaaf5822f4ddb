import { QueryClient } from '@tanstack/react-query';
import { isApiError } from './api-client.ts';
import { isInvalidDataError } from './invalid-data-error.ts';

/** Retrying only helps when the failure may pass: a 4xx answer will be the same next time. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (isApiError(error) && error.status >= 400 && error.status < 500) return false;
  // an answer of the wrong shape will have the same shape next time
  if (isInvalidDataError(error)) return false;
  return failureCount < 2;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, staleTime: 30_000, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}
