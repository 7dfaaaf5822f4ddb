import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { getCheckedPage, parseAnswer } from '../../../lib/parse-answer.ts';
import {
  type Availability,
  availabilityAnswerSchema,
  bookedConsultationSchema,
  type ConsultationMode,
  consultationSchema,
  iceAnswerSchema,
  slotsAnswerSchema,
} from './schemas.ts';

const ROOT = ['consultations'] as const;
export const MY_CONSULTATIONS_PAGE_SIZE = 20;

/** GET /api/lawyers/availability: the signed-in lawyer's own availability. */
export const availabilityQueryOptions = () =>
  queryOptions({
    queryKey: [...ROOT, 'availability'],
    queryFn: async ({ signal }) =>
      parseAnswer(availabilityAnswerSchema, await apiClient.get('/api/lawyers/availability', { signal })),
  });

export function useAvailability() {
  return useQuery(availabilityQueryOptions());
}

/** PUT /api/lawyers/availability */
export function useSaveAvailability() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (availability: Availability) =>
      parseAnswer(availabilityAnswerSchema, await apiClient.put('/api/lawyers/availability', availability)),
    onSuccess: (saved) => queryClient.setQueryData(availabilityQueryOptions().queryKey, saved),
  });
}

/** GET /api/lawyers/{id}/slots?from&to: the free slots, from day to day (Madrid days, inclusive). */
export function useSlots(lawyerId: string, from: string, to: string) {
  return useQuery({
    queryKey: [...ROOT, 'slots', lawyerId, from, to],
    queryFn: async ({ signal }) =>
      parseAnswer(
        slotsAnswerSchema,
        await apiClient.get(`/api/lawyers/${encodeURIComponent(lawyerId)}/slots`, {
          query: { from, to },
          signal,
        }),
      ),
  });
}

/** POST /api/consultations */
export function useBookConsultation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { lawyerId: string; start: string; mode: ConsultationMode; note?: string }) =>
      parseAnswer(bookedConsultationSchema, await apiClient.post('/api/consultations', input)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ROOT }),
  });
}

/** GET /api/consultations: the caller's consultations, soonest first. */
export function useMyConsultations(page: number) {
  return useQuery({
    queryKey: [...ROOT, 'mine', page],
    queryFn: ({ signal }) =>
      getCheckedPage(
        '/api/consultations',
        { page, pageSize: MY_CONSULTATIONS_PAGE_SIZE },
        consultationSchema,
        signal,
      ),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/consultations/{id} */
export function useConsultation(id: string) {
  return useQuery({
    queryKey: [...ROOT, 'one', id],
    queryFn: async ({ signal }) =>
      parseAnswer(
        consultationSchema,
        await apiClient.get(`/api/consultations/${encodeURIComponent(id)}`, { signal }),
      ),
    retry: false,
  });
}

/** POST /api/consultations/{id}/cancel */
export function useCancelConsultation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, reason }: { id: string; reason?: string }) =>
      parseAnswer(
        consultationSchema,
        await apiClient.post(`/api/consultations/${encodeURIComponent(id)}/cancel`, reason ? { reason } : {}),
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ROOT }),
  });
}

/** GET /api/consultations/{id}/ice: the STUN/TURN servers of the call (TURN credentials expire). */
export async function getIceServers(id: string) {
  return parseAnswer(
    iceAnswerSchema,
    await apiClient.get(`/api/consultations/${encodeURIComponent(id)}/ice`),
  );
}
