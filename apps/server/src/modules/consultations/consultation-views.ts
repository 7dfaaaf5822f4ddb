import { notificationLinks } from '@l4l/shared/constants/notifications';
import { centsToEuros } from '@l4l/shared/schemas/common';
import type { AvailabilityAnswer, BookedConsultation, Consultation } from '@l4l/shared/schemas/consultations';
import { madridIso } from '../../lib/consultation-slots.ts';
import type { AvailabilityRow, ConsultationDetail, ConsultationRow } from './consultations.repository.ts';

/** The availability as the API answers it (docs/api/http.md, First consultations). */
export function toAvailability(row: AvailabilityRow | undefined): AvailabilityAnswer {
  if (!row) return { weekly: [], slotMinutes: 60, exceptions: [], modes: ['video'], officeAddress: null };
  return {
    weekly: [...row.weekly].sort((a, b) => a.weekday - b.weekday || a.from.localeCompare(b.from)),
    slotMinutes: row.slotMinutes,
    exceptions: [...row.closedDates].sort().map((date) => ({ date, closed: true as const })),
    modes: row.modes as AvailabilityAnswer['modes'],
    officeAddress: row.officeAddress,
  };
}

export function toBooked(row: ConsultationRow): BookedConsultation {
  return {
    id: row.id,
    status: row.status,
    start: madridIso(row.startAt),
    end: madridIso(row.endAt),
    mode: row.mode,
    price: centsToEuros(row.priceCents),
    ...(row.status === 'PENDIENTE_PAGO' && row.checkoutUrl ? { paymentUrl: row.checkoutUrl } : {}),
  };
}

/**
 * One consultation as `callerId` (one of its two parties) sees it: the lawyer's phone only once it is
 * reserved and by phone, the office only for an office consultation, the checkout only to the client.
 */
export function toConsultation(detail: ConsultationDetail, callerId: string): Consultation {
  const { row } = detail;
  const role = row.lawyerId === callerId ? 'lawyer' : 'client';
  const reserved = row.status === 'RESERVADA';
  return {
    ...toBooked(row),
    ...(role === 'client' ? {} : { paymentUrl: undefined }),
    note: row.note,
    role,
    lawyer: { id: row.lawyerId, name: detail.lawyerName, surname: detail.lawyerSurname },
    client: { id: row.clientId, name: detail.clientName, surname: detail.clientSurname },
    phone: reserved && row.mode === 'phone' ? detail.lawyerPhone || null : null,
    officeAddress: row.mode === 'office' && row.status !== 'CANCELADA' ? detail.officeAddress : null,
    roomPath: notificationLinks.consultation(row.id),
    cancelledBy: row.cancelledBy,
    cancelReason: row.cancelReason,
    refunded: centsToEuros(row.refundedCents),
    createdAt: row.createdAt.toISOString(),
  };
}
