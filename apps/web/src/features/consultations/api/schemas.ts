import type {
  availabilityAnswerSchema,
  Consultation,
  slotsAnswerSchema,
} from '@l4l/shared/schemas/consultations';
import type { z } from 'zod';

/**
 * The first consultation's answers as the web reads them: the types of the shared schemas of
 * docs/api/http.md, First consultations (packages/shared/src/schemas/consultations.ts), and what the
 * screens derive from them. Types and figures only: the schemas themselves load beside the requests they
 * check (api/consultations.ts), so the screens are drawn without zod (ADR 0008).
 */
export {
  CONSULTATION_MODES,
  type ConsultationMode,
  SLOT_MINUTES,
} from '@l4l/shared/constants/consultations';
export type { Consultation } from '@l4l/shared/schemas/consultations';

export type Availability = Omit<z.infer<typeof availabilityAnswerSchema>, 'officeAddress'> & {
  officeAddress?: string | null;
};
export type SlotsAnswer = z.infer<typeof slotsAnswerSchema>;
export type Slot = SlotsAnswer['slots'][number];

/** The other party's id and name, whichever side the viewer is on. */
export function counterpartOf(consultation: Consultation): { id: string; name: string } {
  const other = consultation.role === 'lawyer' ? consultation.client : consultation.lawyer;
  return { id: other.id, name: [other.name, other.surname].filter(Boolean).join(' ') };
}

/** The lawyer's phone or office address, once the consultation is reserved. */
export function meetingDetail(
  consultation: Consultation,
): { kind: 'phone' | 'office'; value: string } | null {
  if (consultation.status !== 'RESERVADA') return null;
  if (consultation.mode === 'phone' && consultation.phone)
    return { kind: 'phone', value: consultation.phone };
  if (consultation.mode === 'office' && consultation.officeAddress) {
    return { kind: 'office', value: consultation.officeAddress };
  }
  return null;
}
