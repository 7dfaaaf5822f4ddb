import { z } from 'zod';
import {
  CONSULTATION_MAX_DAYS,
  CONSULTATION_MODES,
  CONSULTATION_STATUSES,
} from '../constants/consultations.ts';
import { consultationsEs as t } from '../texts/consultations.ts';
import { pageQuerySchema } from './common.ts';

/**
 * First consultations (docs/api/http.md, First consultations): the lawyer's weekly availability, the free
 * slots, the booking and its answer. Browser-safe: the server validates with these and the web forms use them.
 * Times of the availability are wall-clock times in Europe/Madrid; its figures are constants/consultations.ts.
 */

/** 'HH:MM' → minutes since midnight. */
export function minutesOf(time: string): number {
  const [hours, minutes] = time.split(':').map(Number);
  return (hours ?? 0) * 60 + (minutes ?? 0);
}

const timeSchema = z.string({ error: t.validation.time }).regex(/^(?:[01]\d|2[0-3]):[0-5]\d$|^24:00$/, {
  error: t.validation.time,
});

export const weeklyRangeSchema = z
  .object({
    weekday: z
      .number({ error: t.validation.weekday })
      .int({ error: t.validation.weekday })
      .min(1, {
        error: t.validation.weekday,
      })
      .max(7, { error: t.validation.weekday }),
    from: timeSchema,
    to: timeSchema,
  })
  .refine((range) => minutesOf(range.from) < minutesOf(range.to), {
    error: t.validation.fromBeforeTo,
    path: ['to'],
  });
export type WeeklyRange = z.infer<typeof weeklyRangeSchema>;

const dateSchema = z.iso.date({ error: t.validation.date });

export const availabilityExceptionSchema = z.object({
  date: dateSchema,
  closed: z.literal(true, { error: t.validation.closed }),
});

/** Two ranges of one weekday that share a minute (touching ends, 10:00–12:00 and 12:00–14:00, are fine). */
export function overlappingRanges(weekly: WeeklyRange[]): boolean {
  const sorted = [...weekly].sort((a, b) => a.weekday - b.weekday || minutesOf(a.from) - minutesOf(b.from));
  return sorted.some((range, index) => {
    const next = sorted[index + 1];
    return next !== undefined && next.weekday === range.weekday && minutesOf(next.from) < minutesOf(range.to);
  });
}

export const availabilitySchema = z
  .object({
    weekly: z.array(weeklyRangeSchema).max(21, { error: t.validation.tooManyRanges }),
    slotMinutes: z.union([z.literal(30), z.literal(45), z.literal(60)], { error: t.validation.slotMinutes }),
    exceptions: z
      .array(availabilityExceptionSchema)
      .max(100, { error: t.validation.tooManyExceptions })
      .default([]),
    modes: z
      .array(z.enum(CONSULTATION_MODES, { error: t.validation.mode }))
      .min(1, { error: t.validation.modes })
      .max(3, { error: t.validation.modes }),
    /** where an office consultation is held; required when `office` is among the modes */
    officeAddress: z.string().trim().max(300, { error: t.validation.officeAddress }).optional(),
  })
  .refine((value) => !value.modes.includes('office') || Boolean(value.officeAddress), {
    error: t.validation.officeAddress,
    path: ['officeAddress'],
  })
  .refine((value) => !overlappingRanges(value.weekly), { error: t.validation.overlap, path: ['weekly'] })
  .refine((value) => new Set(value.exceptions.map((one) => one.date)).size === value.exceptions.length, {
    error: t.validation.duplicateException,
    path: ['exceptions'],
  })
  .refine((value) => new Set(value.modes).size === value.modes.length, {
    error: t.validation.modes,
    path: ['modes'],
  });
export type Availability = z.infer<typeof availabilitySchema>;

/** The answer of GET/PUT /api/lawyers/availability (modes without repeats, ranges in order). */
export const availabilityAnswerSchema = z.object({
  weekly: z.array(z.object({ weekday: z.number(), from: z.string(), to: z.string() })),
  slotMinutes: z.number(),
  exceptions: z.array(z.object({ date: z.string(), closed: z.literal(true) })),
  modes: z.array(z.enum(CONSULTATION_MODES)),
  officeAddress: z.string().nullable(),
});
export type AvailabilityAnswer = z.infer<typeof availabilityAnswerSchema>;

export const slotsQuerySchema = z
  .object({ from: dateSchema, to: dateSchema })
  .refine((query) => query.from <= query.to, { error: t.validation.rangeOrder, path: ['to'] })
  .refine((query) => daysBetween(query.from, query.to) < CONSULTATION_MAX_DAYS, {
    error: t.validation.rangeTooLong,
    path: ['to'],
  });

/** Whole days from one 'YYYY-MM-DD' to another. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

export const slotSchema = z.object({ start: z.string(), end: z.string() });
export type Slot = z.infer<typeof slotSchema>;
export const slotsAnswerSchema = z.object({
  slots: z.array(slotSchema),
  slotMinutes: z.number(),
  modes: z.array(z.enum(CONSULTATION_MODES)),
  /** the first consultation's price in euros; 0 when it is free */
  price: z.number(),
  free: z.boolean(),
  /** whether a client can book these slots now (a paid first visit needs the checkout; docs/money.md) */
  bookable: z.boolean(),
  timeZone: z.string(),
});

export const bookConsultationSchema = z.object({
  lawyerId: z.uuid({ error: t.validation.lawyerId }),
  start: z.iso.datetime({ offset: true, error: t.validation.start }),
  mode: z.enum(CONSULTATION_MODES, { error: t.validation.mode }),
  note: z.string().trim().max(1000, { error: t.validation.note }).optional(),
});
export type BookConsultation = z.infer<typeof bookConsultationSchema>;

export const cancelConsultationSchema = z
  .object({ reason: z.string().trim().max(500, { error: t.validation.reason }).optional() })
  .default({});

const personSchema = z.object({ id: z.string(), name: z.string(), surname: z.string() });

/** The booking's answer (docs/api/http.md): the consultation's essentials; euros, 0 for a free one. */
export const bookedConsultationSchema = z.object({
  id: z.string(),
  status: z.enum(CONSULTATION_STATUSES),
  start: z.string(),
  end: z.string(),
  mode: z.enum(CONSULTATION_MODES),
  price: z.number(),
  /** the checkout to pay at while PENDIENTE_PAGO (the client only) */
  paymentUrl: z.string().optional(),
});
export type BookedConsultation = z.infer<typeof bookedConsultationSchema>;

/** One consultation as its two parties see it. */
export const consultationSchema = bookedConsultationSchema.extend({
  note: z.string().nullable(),
  /** the caller's side: 'client' or 'lawyer' */
  role: z.enum(['client', 'lawyer']),
  lawyer: personSchema,
  client: personSchema,
  /** the lawyer's phone, to the client of a RESERVADA phone consultation (and to the lawyer) */
  phone: z.string().nullable(),
  /** the lawyer's office, for an office consultation */
  officeAddress: z.string().nullable(),
  /** the video room's page (web path) */
  roomPath: z.string(),
  cancelledBy: z.enum(['client', 'lawyer']).nullable(),
  cancelReason: z.string().nullable(),
  /** euros given back to the client when a paid consultation was cancelled */
  refunded: z.number(),
  createdAt: z.string(),
});
export type Consultation = z.infer<typeof consultationSchema>;

export const consultationsQuerySchema = pageQuerySchema.extend({
  /** upcoming: not cancelled and not ended; past: the rest; all (default) */
  when: z.enum(['upcoming', 'past', 'all']).default('all'),
});

export const iceServerSchema = z.object({
  urls: z.union([z.string(), z.array(z.string())]),
  username: z.string().optional(),
  credential: z.string().optional(),
});
export const iceAnswerSchema = z.object({ iceServers: z.array(iceServerSchema) });
export type IceAnswer = z.infer<typeof iceAnswerSchema>;
