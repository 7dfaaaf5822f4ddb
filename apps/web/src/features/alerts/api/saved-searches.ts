import type { SavedSearch, SavedSearchInput } from '@l4l/shared/schemas/alerts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { parseEmptyAnswer } from '../../../lib/empty-answer.ts';
import { lazySchema, parseAnswer, parseRows } from '../../../lib/parse-answer.ts';

/** Every saved-search query starts with this key: a change reads the list again. */
export const SAVED_SEARCHES_KEY = ['saved-searches'] as const;
const PATH = '/api/board/saved-searches';

// the board is the lawyer's first screen: zod loads beside the request, not before the first paint
const savedSearchSchema = lazySchema(() =>
  import('@l4l/shared/schemas/alerts').then((module) => module.savedSearchSchema),
);

/** What the panel sends: the API's input, `search` and `category` as the form holds them. */
export type SavedSearchForm = Omit<SavedSearchInput, 'category'> & { category: string | null };

/** GET /api/board/saved-searches: the lawyer's own (docs/alerts.md). */
export async function getSavedSearches(signal?: AbortSignal): Promise<SavedSearch[]> {
  const [answer, schema] = await Promise.all([apiClient.get(PATH, { signal }), savedSearchSchema()]);
  return parseRows(schema, answer);
}

export const savedSearchesQueryOptions = () =>
  queryOptions({ queryKey: SAVED_SEARCHES_KEY, queryFn: ({ signal }) => getSavedSearches(signal) });

export function useSavedSearches() {
  return useQuery(savedSearchesQueryOptions());
}

/** POST (no id) or PUT (an id) /api/board/saved-searches. */
export async function saveSearch({ id, ...input }: SavedSearchForm & { id?: string }): Promise<SavedSearch> {
  const [answer, schema] = await Promise.all([
    id ? apiClient.put(`${PATH}/${encodeURIComponent(id)}`, input) : apiClient.post(PATH, input),
    savedSearchSchema(),
  ]);
  return parseAnswer(schema, answer);
}

/** DELETE /api/board/saved-searches/{id}. */
export async function deleteSearch(id: string): Promise<void> {
  parseEmptyAnswer(await apiClient.delete(`${PATH}/${encodeURIComponent(id)}`));
}

function useSavedSearchChange<V, R>(mutationFn: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: SAVED_SEARCHES_KEY }),
  });
}

export const useSaveSearch = () => useSavedSearchChange(saveSearch);
export const useDeleteSearch = () => useSavedSearchChange(deleteSearch);
