import { z } from 'zod';

/**
 * The first consultation's answers as the web reads them (docs/api/http.md, First consultation). Fields
 * beyond the contract's core are optional, so a screen shows what the server tells it and no more.
 */
export const CONSULTATION_MODES = ['video', 'phone', 'office'] as const;
export type ConsultationMode = (typeof CONSULTATION_MODES)[number];
export const SLOT_MINUTES = [30, 45, 60] as const;

const time = z.string().regex(/^\d{2}:\d{2}$/);

export const availabilitySchema = z.object({
  weekly: z.array(z.object({ weekday: z.number().int().min(1).max(7), from: time, to: time })),
  slotMinutes: z.number().int(),
  exceptions: z.array(z.object({ date: z.string(), closed: z.boolean() })),
  modes: z.array(z.enum(CONSULTATION_MODES)),
  /** where office consultations are held (required with the office mode) */
  officeAddress: z.string().nullish(),
});
export type Availability = z.infer<typeof availabilitySchema>;

export const slotSchema = z.object({ start: z.string(), end: z.string() });
export type Slot = z.infer<typeof slotSchema>;

/** The free slots, with what the server says of the lawyer's offer (the modes and the price) when it does. */
export const slotsAnswerSchema = z.union([
  z.array(slotSchema).transform((slots) => ({ slots, modes: undefined, price: undefined })),
  z.looseObject({
    slots: z.array(slotSchema),
    modes: z.array(z.enum(CONSULTATION_MODES)).optional(),
    price: z.number().optional(),
  }),
]);
export type SlotsAnswer = z.infer<typeof slotsAnswerSchema>;

const party = z.looseObject({ id: z.string(), name: z.string().nullish(), surname: z.string().nullish() });

export const consultationSchema = z.looseObject({
  id: z.string(),
  status: z.string(),
  start: z.string(),
  end: z.string(),
  mode: z.enum(CONSULTATION_MODES),
  price: z.number(),
  paymentUrl: z.string().nullish(),
  note: z.string().nullish(),
  lawyerId: z.string().nullish(),
  userId: z.string().nullish(),
  clientId: z.string().nullish(),
  lawyer: party.nullish(),
  client: party.nullish(),
  lawyerName: z.string().nullish(),
  clientName: z.string().nullish(),
  phone: z.string().nullish(),
  lawyerPhone: z.string().nullish(),
  officeAddress: z.string().nullish(),
  address: z.string().nullish(),
  role: z.enum(['client', 'lawyer']).optional(),
});
export type Consultation = z.infer<typeof consultationSchema>;

export const iceAnswerSchema = z.object({
  iceServers: z.array(
    z.object({
      urls: z.union([z.string(), z.array(z.string())]),
      username: z.string().optional(),
      credential: z.string().optional(),
    }),
  ),
});
export type IceAnswer = z.infer<typeof iceAnswerSchema>;

/** The other party's id and name, whichever side the viewer is on. */
export function counterpartOf(
  consultation: Consultation,
  viewerId: string,
): { id: string | null; name: string } {
  const lawyerId = consultation.lawyer?.id ?? consultation.lawyerId ?? null;
  const clientId = consultation.client?.id ?? consultation.clientId ?? consultation.userId ?? null;
  const viewerIsLawyer = consultation.role ? consultation.role === 'lawyer' : lawyerId === viewerId;
  const other = viewerIsLawyer ? consultation.client : consultation.lawyer;
  const name =
    (other ? [other.name, other.surname].filter(Boolean).join(' ') : '') ||
    (viewerIsLawyer ? consultation.clientName : consultation.lawyerName) ||
    '';
  return { id: viewerIsLawyer ? clientId : lawyerId, name };
}

/** The lawyer's phone or office address, shown once the consultation is reserved. */
export function meetingDetail(
  consultation: Consultation,
): { kind: 'phone' | 'office'; value: string } | null {
  if (consultation.status !== 'RESERVADA') return null;
  if (consultation.mode === 'phone') {
    const phone = consultation.phone ?? consultation.lawyerPhone;
    return phone ? { kind: 'phone', value: phone } : null;
  }
  if (consultation.mode === 'office') {
    const address = consultation.officeAddress ?? consultation.address;
    return address ? { kind: 'office', value: address } : null;
  }
  return null;
}
