import type { consultations } from '../schema/index.ts';

/** How far ahead of the seeding the demo call starts, and how long it lasts. */
const STARTS_IN_MS = 5 * 60_000;
const LASTS_MS = 60 * 60_000;

/**
 * (+) A free video consultation under way when the demo data is made (docs/consultations.md, The video
 * room): it starts five minutes later and lasts an hour, so the room is open at once for its two parties
 * (the browser journey through coturn uses it too). Whole minutes, like every slot.
 */
export function demoVideoRoom(
  clientId: string,
  lawyerId: string,
  now: Date,
): typeof consultations.$inferInsert {
  const start = new Date(Math.ceil((now.getTime() + STARTS_IN_MS) / 60_000) * 60_000);
  return {
    clientId,
    lawyerId,
    startAt: start,
    endAt: new Date(start.getTime() + LASTS_MS),
    mode: 'video',
    note: 'Quiero saber si puedo reclamar la fianza del piso que dejé de alquilar.',
    status: 'RESERVADA',
    priceCents: 0,
    createdAt: now,
  };
}
