import type { Case } from '@l4l/shared/schemas/cases';
import { apiClient } from '../../../lib/api-client.ts';
import { parseLazily } from '../../../lib/parse-answer.ts';
import { useCaseChange } from './save-case.ts';
import { caseSchema } from './schemas.ts';

/** POST /api/cases/close-case/{caseId}: the case's lawyer asks the client to close an ACTIVO case. */
export async function requestClosure(caseId: string): Promise<Case> {
  return parseLazily(caseSchema, apiClient.post(`/api/cases/close-case/${encodeURIComponent(caseId)}`));
}

export const useRequestClosure = () => useCaseChange(requestClosure);
