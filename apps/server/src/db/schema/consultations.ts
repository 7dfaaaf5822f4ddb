import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, tstz } from './columns.ts';
import { users } from './users.ts';

/**
 * docs/domain.md, First consultations: a lawyer's weekly hours (Europe/Madrid wall-clock times), the length
 * of a consultation, the closed days and the modes offered. One row per lawyer, written whole by
 * PUT /api/lawyers/availability.
 */
export const lawyerAvailability = pgTable('lawyer_availability', {
  lawyerId: uuid('lawyer_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  weekly: jsonb('weekly').$type<Array<{ weekday: number; from: string; to: string }>>().notNull(),
  slotMinutes: integer('slot_minutes').notNull(),
  /** closed days, 'YYYY-MM-DD' in Europe/Madrid */
  closedDates: text('closed_dates').array().notNull().default(sql`'{}'::text[]`),
  modes: text('modes').array().notNull(),
  officeAddress: text('office_address'),
  updatedAt: tstz('updated_at').notNull().defaultNow(),
});

/**
 * A first consultation booked by a client with a lawyer. While PENDIENTE_PAGO or RESERVADA it holds its slot:
 * the partial unique index on (lawyer, start) is what makes two bookings of one slot never both succeed.
 */
export const consultations = pgTable(
  'consultations',
  {
    id: id(),
    lawyerId: uuid('lawyer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    clientId: uuid('client_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    startAt: tstz('start_at').notNull(),
    endAt: tstz('end_at').notNull(),
    mode: text('mode', { enum: ['video', 'phone', 'office'] }).notNull(),
    note: text('note'),
    status: text('status', { enum: ['PENDIENTE_PAGO', 'RESERVADA', 'CANCELADA'] }).notNull(),
    /** the first visit's price when booked (0: free) */
    priceCents: integer('price_cents').notNull(),
    /**
     * the checkout of a paid one (the payments feature's row); the payment names its consultation
     * (`payments.consultation_id`, with the foreign key: one key between the two tables, no import cycle)
     */
    paymentId: uuid('payment_id'),
    /** where the client pays while PENDIENTE_PAGO (the provider's checkout page) */
    checkoutUrl: text('checkout_url'),
    cancelledBy: text('cancelled_by', { enum: ['client', 'lawyer'] }),
    cancelReason: text('cancel_reason'),
    cancelledAt: tstz('cancelled_at'),
    refundedCents: integer('refunded_cents').notNull().default(0),
    /** when the 24-hour and the 1-hour reminders went (the sweep sends each once) */
    reminded24At: tstz('reminded_24_at'),
    reminded1At: tstz('reminded_1_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('consultations_active_slot_key')
      .on(t.lawyerId, t.startAt)
      .where(sql`${t.status} in ('PENDIENTE_PAGO', 'RESERVADA')`),
    index('consultations_lawyer_idx').on(t.lawyerId, t.startAt),
    index('consultations_client_idx').on(t.clientId, t.startAt),
    index('consultations_reminder_idx').on(t.startAt).where(sql`${t.status} = 'RESERVADA'`),
  ],
);
