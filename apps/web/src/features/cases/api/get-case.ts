import type { Case } from '@l4l/shared/schemas/cases';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { parseAnswer } from '../../../lib/parse-answer.ts';
import { caseKeys } from './case-keys.ts';
import { caseSchema } from './schemas.ts';

/** GET /api/cases/user/case/{caseId}: one case with its progress step (docs/api/http.md, Cases). */
export async function getCase(caseId: string, signal?: AbortSignal): Promise<Case | null> {
  const [answer, schema] = await Promise.all([
    apiClient.get(`/api/cases/user/case/${encodeURIComponent(caseId)}`, { signal }),
    caseSchema(),
  ]);
  // docs/product.md, Case detail: an empty answer is 'No se encontró información para este caso.', not an error
  if (answer === null || answer === undefined) return null;
  return parseAnswer(schema, answer);
}

export const caseQueryOptions = (caseId: string) =>
  queryOptions({
    queryKey: caseKeys.detail(caseId),
    queryFn: ({ signal }) => getCase(caseId, signal),
  });

export function useCase(caseId: string) {
  return useQuery(caseQueryOptions(caseId));
}
