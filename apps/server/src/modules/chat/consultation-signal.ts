import {
  CONSULTATION_SIGNAL_DESTINATION,
  CONSULTATION_SIGNAL_TOPIC,
  type ConsultationSignal,
  consultationSignalSchema,
  consultationSignalTopic,
} from '@l4l/shared/schemas/consultation-signal';
import { consultationSignalEs as t } from '@l4l/shared/texts/consultation-signal';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { consultations } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { RateLimiter } from '../../lib/rate-limiter.ts';
import type { ChatEvent } from './fanout.ts';

/**
 * The video room's signalling over the chat's STOMP connection (docs/api/stomp.md, Consultation
 * signalling): the two parties of a RESERVADA consultation, from 10 minutes before its start until its
 * end, subscribe to /topic/consultations/{id}/signal and send to /app/consultations/{id}/signal; each
 * signal goes to the other party only, on whatever process holds their socket. Nothing is stored.
 */

/** docs/consultations.md, The video room: it opens this long before the start. */
export const ROOM_OPENS_BEFORE_MS = 10 * 60 * 1000;
/** A call's set-up is a few dozen signals; past this many a minute per person the extra ones are refused (429). */
export const SIGNALS_PER_MINUTE = 300;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type Actor = { id: string };

export function createConsultationSignalling(deps: {
  db: Db;
  publish: (event: ChatEvent) => void;
  now?: () => number;
}) {
  const now = deps.now ?? Date.now;
  const limiter = new RateLimiter(SIGNALS_PER_MINUTE, 60_000);

  /** The other party of an open room the actor is in, or the Spanish reason they may not be there. */
  async function otherParty(consultationId: string, actor: Actor): Promise<string> {
    // an id that is no uuid names no consultation (and must not reach the database as one)
    if (!UUID.test(consultationId)) throw new AppError('NOT_FOUND', { message: t.notFound });
    const [row] = await deps.db
      .select({
        lawyerId: consultations.lawyerId,
        clientId: consultations.clientId,
        status: consultations.status,
        startAt: consultations.startAt,
        endAt: consultations.endAt,
      })
      .from(consultations)
      .where(eq(consultations.id, consultationId))
      .limit(1);
    // another person's consultation is not found, for administrators too (docs/api/http.md, First consultations)
    if (!row || (row.lawyerId !== actor.id && row.clientId !== actor.id)) {
      throw new AppError('NOT_FOUND', { message: t.notFound });
    }
    if (row.status !== 'RESERVADA') throw new AppError('CONFLICT', { message: t.notReserved });
    if (now() < row.startAt.getTime() - ROOM_OPENS_BEFORE_MS) {
      throw new AppError('CONFLICT', { message: t.notOpenYet });
    }
    if (now() >= row.endAt.getTime()) throw new AppError('CONFLICT', { message: t.ended });
    return row.lawyerId === actor.id ? row.clientId : row.lawyerId;
  }

  function parse(body: string): ConsultationSignal {
    let json: unknown;
    try {
      json = JSON.parse(body);
    } catch {
      throw new AppError('VALIDATION_ERROR', { message: t.invalidJson });
    }
    const parsed = consultationSignalSchema.safeParse(json);
    if (!parsed.success) throw new AppError('VALIDATION_ERROR', { message: t.invalidSignal });
    return parsed.data;
  }

  return {
    /** Whether the destination is a room's topic; when it is, the SUBSCRIBE is allowed or refused here. */
    async subscribe(actor: Actor, destination: string): Promise<boolean> {
      const match = CONSULTATION_SIGNAL_TOPIC.exec(destination);
      if (!match?.[1]) return false;
      await otherParty(match[1], actor);
      return true;
    },

    /** Whether the destination is a room's; when it is, the signal goes to the other party (or is refused). */
    async send(actor: Actor, destination: string, body: string): Promise<boolean> {
      const match = CONSULTATION_SIGNAL_DESTINATION.exec(destination);
      if (!match?.[1]) return false;
      const consultationId = match[1];
      limiter.consume(actor.id);
      const other = await otherParty(consultationId, actor);
      const signal = parse(body);
      deps.publish({
        kind: 'push',
        userIds: [other],
        destination: consultationSignalTopic(consultationId),
        body: JSON.stringify({ ...signal, from: actor.id }),
      });
      return true;
    },
  };
}

export type ConsultationSignalling = ReturnType<typeof createConsultationSignalling>;
