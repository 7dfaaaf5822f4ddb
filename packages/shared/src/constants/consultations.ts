/**
 * First consultations' figures (docs/api/http.md, First consultations), apart from their schemas
 * (schemas/consultations.ts) so a screen can draw its form without loading zod. Times are wall-clock times
 * in Europe/Madrid.
 */
export const CONSULTATION_TIME_ZONE = 'Europe/Madrid';
export const CONSULTATION_MODES = ['video', 'phone', 'office'] as const;
export type ConsultationMode = (typeof CONSULTATION_MODES)[number];
export const SLOT_MINUTES = [30, 45, 60] as const;
export const CONSULTATION_STATUSES = ['PENDIENTE_PAGO', 'RESERVADA', 'CANCELADA'] as const;
export type ConsultationStatus = (typeof CONSULTATION_STATUSES)[number];
/** The furthest ahead a slot is shown or booked, and the longest range of one slots request. */
export const CONSULTATION_MAX_DAYS = 31;
/** How many days of slots the profile shows. */
export const CONSULTATION_PICKER_DAYS = 14;
/** The video room opens this long before the start (docs/domain.md, First consultations). */
export const ROOM_OPENS_MINUTES_BEFORE = 10;
/** A client cancelling at least this long before the start gets a paid consultation back in full. */
export const FULL_REFUND_HOURS_BEFORE = 24;
