import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';

export type NewRating = { lawyerId: string; caseId: string; stars: number };

/**
 * POST /api/rating/new-rating from the chat's rating prompt (docs/domain.md, Ratings; type 9): stars only, so title and
 * description go empty. One rating per case: a second one is a 409.
 */
export function createRating(input: NewRating): Promise<unknown> {
  return apiClient.post<unknown>('/api/rating/new-rating', { ...input, title: '', description: '' });
}

export function useCreateRating() {
  return useMutation({ mutationFn: createRating });
}
