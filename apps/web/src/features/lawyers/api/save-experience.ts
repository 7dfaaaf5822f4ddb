import type {
  AcademicEntry,
  AcademicEntryInput,
  WorkEntry,
  WorkEntryInput,
} from '@l4l/shared/schemas/lawyers';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { parseEmptyAnswer } from '../../../lib/empty-answer.ts';
import { parseLazily } from '../../../lib/parse-answer.ts';
import { lawyerDetailQueryOptions } from './get-lawyer-detail.ts';
import { academicEntrySchema, workEntrySchema } from './schemas.ts';

/**
 * The lawyer's academic ('education') and work ('experience') entries: PUT /api/lawyers/{kind}/{lawyerId}
 * saves one (no id creates it) and answers the saved entry; DELETE .../{lawyerId}/{entryId} removes one.
 */
export type ExperienceKind = 'education' | 'experience';
type InputOf<Kind extends ExperienceKind> = Kind extends 'education' ? AcademicEntryInput : WorkEntryInput;

export function saveExperience<Kind extends ExperienceKind>(
  kind: Kind,
  lawyerId: string,
  input: InputOf<Kind>,
): Promise<AcademicEntry | WorkEntry> {
  const answer = apiClient.put(`/api/lawyers/${kind}/${encodeURIComponent(lawyerId)}`, input);
  return kind === 'education'
    ? parseLazily(academicEntrySchema, answer)
    : parseLazily(workEntrySchema, answer);
}

export async function deleteExperience(
  kind: ExperienceKind,
  lawyerId: string,
  entryId: string,
): Promise<void> {
  const answer = await apiClient.delete(
    `/api/lawyers/${kind}/${encodeURIComponent(lawyerId)}/${encodeURIComponent(entryId)}`,
  );
  parseEmptyAnswer(answer);
}

/** Saving or removing changes what the public profile (the detail query) shows. */
export function useSaveExperience<Kind extends ExperienceKind>(kind: Kind, lawyerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: InputOf<Kind>) => saveExperience(kind, lawyerId, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: lawyerDetailQueryOptions(lawyerId).queryKey }),
  });
}

export function useDeleteExperience(kind: ExperienceKind, lawyerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (entryId: string) => deleteExperience(kind, lawyerId, entryId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: lawyerDetailQueryOptions(lawyerId).queryKey }),
  });
}
