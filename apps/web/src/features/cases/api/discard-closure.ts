import type { Case } from '@l4l/shared/schemas/cases';
import { apiClient } from '../../../lib/api-client.ts';
import { parseLazily } from '../../../lib/parse-answer.ts';
import { useCaseChange } from './save-case.ts';
import { caseSchema } from './schemas.ts';

/** POST /api/cases/discard-close-case/{caseId}: the client withdraws the closure request; still ACTIVO. */
export async function discardClosure(caseId: string): Promise<Case> {
  return parseLazily(
    caseSchema,
    apiClient.post(`/api/cases/discard-close-case/${encodeURIComponent(caseId)}`),
  );
}

export const useDiscardClosure = () => useCaseChange(discardClosure);
