import { consultationsEs as t } from '@l4l/shared/texts/consultations';
import ical, { ICalCalendarMethod, ICalEventStatus } from 'ical-generator';

/**
 * docs/notifications.md, Calendar invitations: the iCalendar (RFC 5545) a consultation's mails carry,
 * written by ical-generator. One UID per consultation, so the cancellation (METHOD:CANCEL, a higher
 * SEQUENCE) removes the very event the invitation (METHOD:REQUEST) added. Times in UTC.
 */
export type CalendarFacts = {
  consultationId: string;
  start: Date;
  end: Date;
  /** the other party's full name, as the event's summary names them */
  counterpart: string;
  location: string;
  roomUrl: string;
  organizer: { name: string; email: string };
  attendee: { name: string; email: string };
  note: string | null;
};

/** The event's UID: stable per consultation, under the site's host. */
export function consultationUid(consultationId: string, publicUrl: string): string {
  return `consultation-${consultationId}@${new URL(publicUrl).hostname}`;
}

export function consultationCalendar(
  facts: CalendarFacts,
  method: 'REQUEST' | 'CANCEL',
  publicUrl: string,
): string {
  const calendar = ical({
    prodId: { company: 'L4L', product: 'consultas', language: 'ES' },
    method: method === 'REQUEST' ? ICalCalendarMethod.REQUEST : ICalCalendarMethod.CANCEL,
  });
  calendar.createEvent({
    id: consultationUid(facts.consultationId, publicUrl),
    sequence: method === 'REQUEST' ? 0 : 1,
    start: facts.start,
    end: facts.end,
    summary: t.mail.summary(facts.counterpart),
    description: facts.note ? `${facts.roomUrl}\n\n${facts.note}` : facts.roomUrl,
    location: facts.location,
    url: facts.roomUrl,
    status: method === 'REQUEST' ? ICalEventStatus.CONFIRMED : ICalEventStatus.CANCELLED,
    organizer: facts.organizer,
    attendees: [{ ...facts.attendee, rsvp: false }],
  });
  return calendar.toString();
}
