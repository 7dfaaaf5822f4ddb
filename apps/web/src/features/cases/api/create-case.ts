import type { Case, NewCaseInput } from '@l4l/shared/schemas/cases';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { parseLazily } from '../../../lib/parse-answer.ts';
import { caseKeys } from './case-keys.ts';
import { caseSchema } from './schemas.ts';

/** POST /api/cases/new-case `{title, description}` → the case, 'PENDIENTE DE VALIDACIÓN' (docs/api/http.md, Cases). */
export async function createCase(input: NewCaseInput): Promise<Case> {
  return parseLazily(caseSchema, apiClient.post('/api/cases/new-case', input));
}

export function useCreateCase() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCase,
    // the new case shows in 'Mis casos'
    onSuccess: () => queryClient.invalidateQueries({ queryKey: caseKeys.lists() }),
  });
}
