import { MESSAGE_TYPE } from '@l4l/shared/constants/messages';
import { notificationLinks } from '@l4l/shared/constants/notifications';
import { formatEuros } from '@l4l/shared/format';
import { centsToEuros } from '@l4l/shared/schemas/common';
import { consultationsEs as t } from '@l4l/shared/texts/consultations';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.ts';
import { madridText } from '../../lib/consultation-slots.ts';
import { type AfterCommit, withTransaction } from '../../lib/transaction.ts';
import { composeMail, type Mail, type MailOutbox } from '../../plugins/mailer.ts';
import type { Chat } from '../chat/index.ts';
import type { Notifications } from '../notifications/index.ts';
import { consultationCalendar } from './calendar.ts';
import {
  type ConsultationDetail,
  type ConsultationRow,
  createConsultationsRepository,
} from './consultations.repository.ts';
import type { ConsultationEvents } from './consultations.service.ts';

type Party = 'client' | 'lawyer';

const HOUR = 3_600_000;
/** docs/domain.md, First consultations: the reminders, and how long before the start each goes. */
export const REMINDERS = [
  { kind: '24', before: 24 * HOUR },
  { kind: '1', before: HOUR },
] as const;

/** Who the other party is, their full name, and the location text of the invitation. */
function partyFacts(detail: ConsultationDetail, party: Party, publicUrl: string) {
  const roomUrl = `${publicUrl}${notificationLinks.consultation(detail.row.id)}`;
  const lawyerName = `${detail.lawyerName} ${detail.lawyerSurname}`.trim();
  const clientName = `${detail.clientName} ${detail.clientSurname}`.trim();
  const { mode } = detail.row;
  const location =
    mode === 'office' && detail.officeAddress
      ? detail.officeAddress
      : mode === 'phone' && detail.lawyerPhone
        ? t.mail.phoneLocation(detail.lawyerPhone)
        : t.mail.videoLocation(roomUrl);
  return {
    roomUrl,
    location,
    counterpart: party === 'client' ? lawyerName : clientName,
    self:
      party === 'client'
        ? { name: clientName, email: detail.clientMail }
        : { name: lawyerName, email: detail.lawyerMail },
    lawyer: { name: lawyerName, email: detail.lawyerMail },
    client: { name: clientName, email: detail.clientMail },
  };
}

/**
 * The consultation's mails (with the iCalendar invitation or cancellation), in-app notices, reminders and
 * chat notices (docs/domain.md, First consultations). Defines its outbox kinds once.
 */
export function createConsultationEvents(deps: {
  db: Db;
  publicUrl: string;
  outbox: MailOutbox;
  notifications: Notifications;
  chat: Chat;
  log: FastifyBaseLogger;
}): ConsultationEvents & {
  remind(now: Date): Promise<number>;
  refundedByAdmin(
    tx: Db,
    afterCommit: AfterCommit,
    row: ConsultationRow,
    cents: number,
    reason: string,
  ): Promise<void>;
} {
  const repository = createConsultationsRepository(deps.db);

  async function composeCalendarMail(
    userId: string,
    id: string | null,
    method: 'REQUEST' | 'CANCEL',
  ): Promise<Mail | null> {
    const detail = id ? await repository.detail(id) : undefined;
    if (!detail) return null;
    const expected = method === 'REQUEST' ? 'RESERVADA' : 'CANCELADA';
    if (detail.row.status !== expected) return null;
    const party: Party = detail.row.clientId === userId ? 'client' : 'lawyer';
    const facts = partyFacts(detail, party, deps.publicUrl);
    const when = madridText(detail.row.startAt);
    const mode = t.modes[detail.row.mode] ?? detail.row.mode;
    const content = await composeMail({
      subject: method === 'REQUEST' ? t.mail.bookedSubject(when) : t.mail.cancelledSubject(when),
      name: party === 'client' ? detail.clientName : detail.lawyerName,
      paragraphs: [
        method === 'REQUEST'
          ? t.mail.bookedBody(facts.counterpart, when, mode)
          : t.mail.cancelledBody(facts.counterpart, when),
      ],
      action: { label: t.mail.action, url: facts.roomUrl },
    });
    const calendar = consultationCalendar(
      {
        consultationId: detail.row.id,
        start: detail.row.startAt,
        end: detail.row.endAt,
        counterpart: facts.counterpart,
        location: facts.location,
        roomUrl: facts.roomUrl,
        organizer: facts.lawyer,
        attendee: facts.client,
        note: party === 'lawyer' ? detail.row.note : null,
      },
      method,
      deps.publicUrl,
    );
    return {
      to: facts.self.email,
      ...content,
      icalEvent: {
        method,
        filename: method === 'REQUEST' ? 'invitacion.ics' : 'cancelacion.ics',
        content: calendar,
      },
    };
  }

  deps.outbox.define('consultation-booked', ({ userId, subjectId }) =>
    composeCalendarMail(userId, subjectId, 'REQUEST'),
  );
  deps.outbox.define('consultation-cancelled', ({ userId, subjectId }) =>
    composeCalendarMail(userId, subjectId, 'CANCEL'),
  );

  /** The pair's chat says so (best effort, after the commit: the chat is not part of the booking). */
  function chatNotice(afterCommit: AfterCommit, row: ConsultationRow, text: string) {
    afterCommit(async () => {
      try {
        const chat = await deps.chat.openChat(row.clientId, row.lawyerId);
        await deps.chat.postMessage({ chatId: chat.id, senderId: null, type: MESSAGE_TYPE.NOTICE, text });
      } catch (error) {
        deps.log.warn({ err: error, consultationId: row.id }, 'consultation notice not posted in the chat');
      }
    });
  }

  async function tellBoth(
    tx: Db,
    afterCommit: AfterCommit,
    row: ConsultationRow,
    notice: {
      type: 'consultation.booked' | 'consultation.cancelled' | 'consultation.reminder';
      title: string;
      inAppOnly: boolean;
    },
    body: (counterpart: string, when: string) => string,
  ) {
    const repo = createConsultationsRepository(tx);
    const detail = await repo.detail(row.id);
    if (!detail) return;
    const when = madridText(row.startAt);
    for (const party of ['client', 'lawyer'] as const) {
      const facts = partyFacts(detail, party, deps.publicUrl);
      await deps.notifications.notify(tx, afterCommit, {
        userId: party === 'client' ? row.clientId : row.lawyerId,
        type: notice.type,
        title: notice.title,
        body: body(facts.counterpart, when),
        link: notificationLinks.consultation(row.id),
        amountCents: row.priceCents || null,
        inAppOnly: notice.inAppOnly,
      });
    }
  }

  const events = {
    async booked(tx: Db, afterCommit: AfterCommit, row: ConsultationRow) {
      // the mail with the invitation is the mail of this event: the notice stays in the app
      const notice = { type: 'consultation.booked' as const, title: t.notification.booked, inAppOnly: true };
      await tellBoth(tx, afterCommit, row, notice, t.notification.bookedBody);
      for (const userId of [row.clientId, row.lawyerId]) {
        await deps.outbox.queue(tx, afterCommit, { kind: 'consultation-booked', userId, subjectId: row.id });
      }
      chatNotice(afterCommit, row, t.chat.booked(madridText(row.startAt), t.modes[row.mode] ?? row.mode));
    },

    /**
     * An administrator refunded a paid consultation from Pagos (docs/money.md, First consultations): the
     * client reads what came back, the lawyer what leaves their payment, both with the reason.
     */
    async refundedByAdmin(
      tx: Db,
      afterCommit: AfterCommit,
      row: ConsultationRow,
      cents: number,
      reason: string,
    ) {
      const detail = await createConsultationsRepository(tx).detail(row.id);
      if (!detail) return;
      const when = madridText(row.startAt);
      const amount = formatEuros(centsToEuros(cents));
      for (const party of ['client', 'lawyer'] as const) {
        const { counterpart } = partyFacts(detail, party, deps.publicUrl);
        const client = party === 'client';
        await deps.notifications.notify(tx, afterCommit, {
          userId: client ? row.clientId : row.lawyerId,
          type: client ? 'refund.issued' : 'payout.reversed',
          title: client ? t.notification.refundedToClient : t.notification.refundedToLawyer,
          body: (client ? t.notification.refundedToClientBody : t.notification.refundedToLawyerBody)(
            amount,
            counterpart,
            when,
            reason,
          ),
          link: notificationLinks.consultation(row.id),
          amountCents: cents,
          inAppOnly: false,
        });
      }
    },

    async cancelled(tx: Db, afterCommit: AfterCommit, row: ConsultationRow) {
      const notice = {
        type: 'consultation.cancelled' as const,
        title: t.notification.cancelled,
        inAppOnly: true,
      };
      // a paid one: both read whether the price went back (docs/money.md, First consultations)
      const money =
        row.priceCents === 0
          ? ''
          : row.refundedCents > 0
            ? ` ${t.notification.refunded(formatEuros(centsToEuros(row.refundedCents)))}`
            : ` ${t.notification.kept}`;
      await tellBoth(
        tx,
        afterCommit,
        row,
        notice,
        (other, when) => t.notification.cancelledBody(other, when) + money,
      );
      for (const userId of [row.clientId, row.lawyerId]) {
        await deps.outbox.queue(tx, afterCommit, {
          kind: 'consultation-cancelled',
          userId,
          subjectId: row.id,
        });
      }
      chatNotice(afterCommit, row, t.chat.cancelled(madridText(row.startAt)));
    },

    /**
     * The reminders due at `now` (24 h and 1 h before a reserved consultation), in the app and by mail,
     * each once however many processes sweep. Answers how many consultations were reminded.
     */
    async remind(now: Date): Promise<number> {
      let sent = 0;
      for (const reminder of REMINDERS) {
        for (const row of await repository.dueReminders(reminder.kind, now, reminder.before)) {
          // a consultation booked 3 h ahead gets the 1-hour reminder only
          if (reminder.kind === '24' && row.startAt.getTime() - now.getTime() <= HOUR) {
            await repository.markReminded(row.id, '24', now);
            continue;
          }
          const done = await withTransaction(
            deps.db,
            async (tx, afterCommit) => {
              if (!(await createConsultationsRepository(tx).markReminded(row.id, reminder.kind, now)))
                return false;
              const title = reminder.kind === '24' ? t.notification.reminder24 : t.notification.reminder1;
              const notice = { type: 'consultation.reminder' as const, title, inAppOnly: false };
              await tellBoth(tx, afterCommit, row, notice, t.notification.reminderBody);
              return true;
            },
            deps.log,
          );
          if (done) sent += 1;
        }
      }
      return sent;
    },
  };
  return events;
}
