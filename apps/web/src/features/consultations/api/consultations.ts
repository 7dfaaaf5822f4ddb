import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { getCheckedPage, lazySchema, parseLazily } from '../../../lib/parse-answer.ts';
import type { Availability, ConsultationMode } from './schemas.ts';

// each answer's schema loads beside its request, zod with it: the screens are drawn without them (ADR 0008)
const schemas = () => import('@l4l/shared/schemas/consultations');
const availabilityAnswerSchema = lazySchema(() =>
  schemas().then((module) => module.availabilityAnswerSchema),
);
const slotsAnswerSchema = lazySchema(() => schemas().then((module) => module.slotsAnswerSchema));
const bookedConsultationSchema = lazySchema(() =>
  schemas().then((module) => module.bookedConsultationSchema),
);
const consultationSchema = lazySchema(() => schemas().then((module) => module.consultationSchema));
const iceAnswerSchema = lazySchema(() => schemas().then((module) => module.iceAnswerSchema));

const ROOT = ['consultations'] as const;
export const MY_CONSULTATIONS_PAGE_SIZE = 20;

/** GET /api/lawyers/availability: the signed-in lawyer's own availability. */
export const availabilityQueryOptions = () =>
  queryOptions({
    queryKey: [...ROOT, 'availability'],
    queryFn: ({ signal }) =>
      parseLazily(availabilityAnswerSchema, apiClient.get('/api/lawyers/availability', { signal })),
  });

export function useAvailability() {
  return useQuery(availabilityQueryOptions());
}

/** PUT /api/lawyers/availability */
export function useSaveAvailability() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (availability: Availability) =>
      parseLazily(availabilityAnswerSchema, apiClient.put('/api/lawyers/availability', availability)),
    onSuccess: (saved) => queryClient.setQueryData(availabilityQueryOptions().queryKey, saved),
  });
}

/** GET /api/lawyers/{id}/slots?from&to: the free slots, from day to day (Madrid days, inclusive). */
export function useSlots(lawyerId: string, from: string, to: string) {
  return useQuery({
    queryKey: [...ROOT, 'slots', lawyerId, from, to],
    queryFn: ({ signal }) =>
      parseLazily(
        slotsAnswerSchema,
        apiClient.get(`/api/lawyers/${encodeURIComponent(lawyerId)}/slots`, {
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
    mutationFn: (input: { lawyerId: string; start: string; mode: ConsultationMode; note?: string }) =>
      parseLazily(bookedConsultationSchema, apiClient.post('/api/consultations', input)),
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
    queryFn: ({ signal }) =>
      parseLazily(
        consultationSchema,
        apiClient.get(`/api/consultations/${encodeURIComponent(id)}`, { signal }),
      ),
    retry: false,
  });
}

/** POST /api/consultations/{id}/cancel */
export function useCancelConsultation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason?: string }) =>
      parseLazily(
        consultationSchema,
        apiClient.post(`/api/consultations/${encodeURIComponent(id)}/cancel`, reason ? { reason } : {}),
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ROOT }),
  });
}

/** GET /api/consultations/{id}/ice: the STUN/TURN servers of the call (TURN credentials expire). */
export async function getIceServers(id: string) {
  return parseLazily(iceAnswerSchema, apiClient.get(`/api/consultations/${encodeURIComponent(id)}/ice`));
}
