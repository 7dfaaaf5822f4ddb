import {
  CONSULTATION_MAX_DAYS,
  FULL_REFUND_HOURS_BEFORE,
  ROOM_OPENS_MINUTES_BEFORE,
} from '@l4l/shared/constants/consultations';
import { ROLE } from '@l4l/shared/constants/roles';
import type { PageEnvelope } from '@l4l/shared/envelope';
import {
  type Availability,
  type BookConsultation,
  type BookedConsultation,
  type Consultation,
  daysBetween,
  type IceAnswer,
  type Slot,
} from '@l4l/shared/schemas/consultations';
import { consultationsEs as t } from '@l4l/shared/texts/consultations';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import { AppError, forbidden, notFound } from '../../lib/app-error.ts';
import {
  datesBetween,
  freeSlots,
  type Interval,
  madridDate,
  madridIso,
  slotsOfDate,
} from '../../lib/consultation-slots.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { type AfterCommit, withTransaction } from '../../lib/transaction.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { toAvailability, toBooked, toConsultation } from './consultation-views.ts';
import { type ConsultationRow, createConsultationsRepository } from './consultations.repository.ts';
import { iceServersFor, TURN_GRACE_MS } from './ice.ts';

const DAY = 86_400_000;

const bad = (message: string) => new AppError('VALIDATION_ERROR', { message });
const conflict = (message: string) => new AppError('CONFLICT', { message });

/** What happens around a booking, a payment and a cancellation (mails, notices, chat): consultation-events.ts. */
export type ConsultationEvents = {
  booked(tx: Db, afterCommit: AfterCommit, row: ConsultationRow): Promise<void>;
  cancelled(tx: Db, afterCommit: AfterCommit, row: ConsultationRow): Promise<void>;
};

/**
 * The money of a paid consultation, through the payments feature (docs/money.md, First consultations):
 * a checkout opened for it, closed when it is cancelled unpaid, refunded when it is cancelled paid.
 */
export type ConsultationPayments = {
  open(row: ConsultationRow, lawyerName: string): Promise<{ paymentId: string; url: string }>;
  /** a checkout not paid: closed (nothing was taken), as its client leaving it would */
  close(paymentId: string, clientId: string): Promise<void>;
  /** a completed payment: given back in full, in the caller's transaction; answers the cents refunded */
  refund(tx: Db, afterCommit: AfterCommit, paymentId: string, reason: string): Promise<number>;
};

export function createConsultationsService(deps: {
  db: Db;
  config: Config;
  events: ConsultationEvents;
  payments: () => ConsultationPayments;
  now: () => Date;
  log: FastifyBaseLogger;
}) {
  const { db } = deps;
  const repository = createConsultationsRepository(db);

  /** The parties' consultation, or 404 for anyone else (administrators included). */
  async function ownDetail(caller: AuthUser, id: string) {
    const detail = await repository.detail(id);
    if (!detail || (detail.row.clientId !== caller.id && detail.row.lawyerId !== caller.id)) {
      throw notFound(t.errors.notFound);
    }
    return detail;
  }

  /** A verified, not banned lawyer with their plan; 404 for anyone else. */
  async function bookable(lawyerId: string) {
    const lawyer = await repository.bookableLawyer(lawyerId);
    if (!lawyer?.verifiedAt || lawyer.bannedAt) throw notFound(t.errors.lawyerNotFound);
    const availability = await repository.availability(lawyerId);
    const price = lawyer.firstVisitFree ? 0 : lawyer.priceFirstVisitCents;
    return { lawyer, availability, price };
  }

  /** Checks a requested start against the plan: 400 when it is no slot of it; answers the slot. */
  function slotAt(
    plan: NonNullable<Awaited<ReturnType<typeof bookable>>['availability']>,
    start: Date,
    now: Date,
  ) {
    if (start <= now) throw bad(t.errors.past);
    if (start.getTime() > now.getTime() + CONSULTATION_MAX_DAYS * DAY) throw bad(t.errors.tooFar);
    const date = madridDate(start);
    if (plan.closedDates.includes(date)) throw bad(t.errors.closedDay);
    const slot = slotsOfDate(plan, date).find((one) => one.start.getTime() === start.getTime());
    if (!slot) throw bad(t.errors.outside);
    return slot;
  }

  const service = {
    async availability(lawyerId: string) {
      return toAvailability(await repository.availability(lawyerId));
    },

    async saveAvailability(lawyerId: string, input: Availability) {
      const row = await repository.saveAvailability({
        lawyerId,
        weekly: input.weekly,
        slotMinutes: input.slotMinutes,
        closedDates: input.exceptions.map((one) => one.date),
        modes: input.modes,
        officeAddress: input.officeAddress ?? null,
      });
      return toAvailability(row);
    },

    /** Free slots of [from, to] (Madrid dates): never past, never held, never beyond 31 days from now. */
    async slots(lawyerId: string, query: { from: string; to: string }) {
      const { availability, price, lawyer } = await bookable(lawyerId);
      const now = deps.now();
      const until = new Date(now.getTime() + CONSULTATION_MAX_DAYS * DAY);
      const today = madridDate(now);
      const from = [query.from, today].sort()[1] ?? today;
      const last = madridDate(until);
      const to = [query.to, last].sort()[0] ?? last;
      let slots: Interval[] = [];
      if (availability && from <= to && daysBetween(from, to) < CONSULTATION_MAX_DAYS + 1) {
        const dates = datesBetween(from, to);
        const busy = await repository.busy(
          lawyerId,
          new Date(now.getTime() - DAY),
          new Date(until.getTime() + DAY),
        );
        slots = freeSlots(availability, dates, busy, { now, until });
      }
      const view = toAvailability(availability);
      return {
        slots: slots.map((slot): Slot => ({ start: madridIso(slot.start), end: madridIso(slot.end) })),
        slotMinutes: view.slotMinutes,
        modes: availability ? view.modes : [],
        price: (price ?? 0) / 100,
        free: lawyer.firstVisitFree,
        bookable: price !== null && slots.length > 0,
        timeZone: 'Europe/Madrid',
      };
    },

    /**
     * Books a slot (docs/domain.md, First consultations): RESERVADA at once when the first visit is free,
     * else PENDIENTE_PAGO with the checkout. The partial unique index on (lawyer, start) among held
     * consultations settles a race: the second insert fails and answers 409.
     */
    async book(caller: AuthUser, input: BookConsultation): Promise<BookedConsultation> {
      if (caller.id === input.lawyerId) throw bad(t.errors.self);
      if (caller.role !== ROLE.USUARIO) throw forbidden(t.errors.onlyClients);
      const { lawyer, availability, price } = await bookable(input.lawyerId);
      if (!availability || availability.weekly.length === 0) throw conflict(t.errors.notOffered);
      if (price === null) throw conflict(t.errors.noPrice);
      const slot = slotAt(availability, new Date(input.start), deps.now());
      if (!availability.modes.includes(input.mode)) throw bad(t.errors.modeNotOffered);
      const free = price === 0;
      let row: ConsultationRow;
      try {
        row = await withTransaction(
          db,
          async (tx, afterCommit) => {
            const repo = createConsultationsRepository(tx);
            const busy = await repo.busy(lawyer.id, slot.start, slot.end);
            if (busy.length > 0) throw conflict(t.errors.taken);
            const inserted = await repo.insert({
              lawyerId: lawyer.id,
              clientId: caller.id,
              startAt: slot.start,
              endAt: slot.end,
              mode: input.mode,
              note: input.note || null,
              status: free ? 'RESERVADA' : 'PENDIENTE_PAGO',
              priceCents: price,
            });
            if (free) await deps.events.booked(tx, afterCommit, inserted);
            return inserted;
          },
          deps.log,
        );
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict(t.errors.taken);
        throw error;
      }
      if (free) return toBooked(row);
      return toBooked(await service.openCheckout(row));
    },

    /** A paid booking's checkout; a provider that fails frees the slot again (503). */
    async openCheckout(row: ConsultationRow): Promise<ConsultationRow> {
      const detail = await repository.detail(row.id);
      try {
        const { paymentId, url } = await deps
          .payments()
          .open(row, `${detail?.lawyerName ?? ''} ${detail?.lawyerSurname ?? ''}`.trim());
        return (await repository.update(row.id, { paymentId, checkoutUrl: url })) ?? row;
      } catch (error) {
        await repository.update(row.id, { status: 'CANCELADA', cancelledAt: deps.now() });
        throw error;
      }
    },

    /** The payments feature confirmed the checkout: the consultation is reserved (in the payment's transaction). */
    async paid(tx: Db, afterCommit: AfterCommit, paymentId: string): Promise<'activated' | 'conflict'> {
      const repo = createConsultationsRepository(tx);
      const found = await repo.byPayment(paymentId);
      const row = found && (await repo.lock(found.id));
      if (row?.status !== 'PENDIENTE_PAGO') return 'conflict';
      const reserved = await repo.update(row.id, { status: 'RESERVADA' });
      if (reserved) await deps.events.booked(tx, afterCommit, reserved);
      return 'activated';
    },

    /** The checkout closed unpaid (cancelled or expired): the slot is free again. */
    async released(tx: Db, paymentId: string): Promise<void> {
      const repo = createConsultationsRepository(tx);
      const row = await repo.byPayment(paymentId);
      if (row?.status === 'PENDIENTE_PAGO') {
        await repo.update(row.id, { status: 'CANCELADA', cancelledAt: deps.now(), cancelledBy: 'client' });
      }
    },

    async list(
      caller: AuthUser,
      query: { page: number; pageSize: number; when: 'upcoming' | 'past' | 'all' },
    ) {
      const { rows, total } = await repository.page(caller.id, query.when, deps.now(), {
        limit: query.pageSize,
        offset: (query.page - 1) * query.pageSize,
      });
      const page: PageEnvelope<Consultation> = {
        data: rows.map((detail) => toConsultation(detail, caller.id)),
        meta: { total, page: query.page, pageSize: query.pageSize },
      };
      return page;
    },

    async get(caller: AuthUser, id: string): Promise<Consultation> {
      return toConsultation(await ownDetail(caller, id), caller.id);
    },

    /**
     * Either party cancels until the start (409 after). A paid one goes back in full when the lawyer
     * cancels or the client does at least 24 h before; a client's later cancellation keeps the price
     * for the lawyer (docs/money.md, First consultations). An unpaid checkout is closed.
     */
    async cancel(caller: AuthUser, id: string, reason: string | undefined): Promise<Consultation> {
      const detail = await ownDetail(caller, id);
      const by = detail.row.lawyerId === caller.id ? 'lawyer' : 'client';
      const now = deps.now();
      const { closedPayment, clientId } = await withTransaction(
        db,
        async (tx, afterCommit) => {
          const repo = createConsultationsRepository(tx);
          const row = await repo.lock(id);
          if (!row) throw notFound(t.errors.notFound);
          if (row.status === 'CANCELADA') throw conflict(t.errors.alreadyCancelled);
          if (row.startAt <= now) throw conflict(t.errors.started);
          const early = row.startAt.getTime() - now.getTime() >= FULL_REFUND_HOURS_BEFORE * 3_600_000;
          let refundedCents = 0;
          if (
            row.status === 'RESERVADA' &&
            row.paymentId &&
            row.priceCents > 0 &&
            (by === 'lawyer' || early)
          ) {
            refundedCents = await deps
              .payments()
              .refund(tx, afterCommit, row.paymentId, reason || t.errors.refundReason);
          }
          const cancelled = await repo.update(id, {
            status: 'CANCELADA',
            cancelledBy: by,
            cancelReason: reason || null,
            cancelledAt: now,
            refundedCents,
          });
          if (cancelled && row.status === 'RESERVADA')
            await deps.events.cancelled(tx, afterCommit, cancelled);
          return {
            closedPayment: row.status === 'PENDIENTE_PAGO' ? row.paymentId : null,
            clientId: row.clientId,
          };
        },
        deps.log,
      );
      if (closedPayment) await deps.payments().close(closedPayment, clientId);
      return service.get(caller, id);
    },

    /**
     * For the video room's signalling (docs/domain.md, First consultations): the other party of a
     * RESERVADA consultation of `userId`, while its room is open (from 10 minutes before the start to the
     * end); null otherwise, so a signal to anyone else, or out of time, is refused.
     */
    async roomPeer(userId: string, id: string): Promise<string | null> {
      const row = (await repository.detail(id))?.row;
      if (row?.status !== 'RESERVADA') return null;
      if (row.clientId !== userId && row.lawyerId !== userId) return null;
      const now = deps.now().getTime();
      const opens = row.startAt.getTime() - ROOM_OPENS_MINUTES_BEFORE * 60_000;
      if (now < opens || now >= row.endAt.getTime()) return null;
      return row.clientId === userId ? row.lawyerId : row.clientId;
    },

    /** The ICE servers of a reserved consultation's call until its end; 404 for anyone else or otherwise. */
    async ice(caller: AuthUser, id: string): Promise<IceAnswer> {
      const { row } = await ownDetail(caller, id);
      if (row.status !== 'RESERVADA' || row.endAt <= deps.now()) throw notFound(t.errors.notFound);
      return iceServersFor(deps.config.ice, caller.id, new Date(row.endAt.getTime() + TURN_GRACE_MS));
    },
  };
  return service;
}

export type ConsultationsService = ReturnType<typeof createConsultationsService>;
