import { tzOffset } from '@date-fns/tz';
import { CONSULTATION_TIME_ZONE } from '@l4l/shared/constants/consultations';
import { minutesOf, type WeeklyRange } from '@l4l/shared/schemas/consultations';

/**
 * docs/domain.md, First consultations: slots are wall-clock times in Europe/Madrid, turned into instants
 * with the zone's offset of that very day, so 10:00 stays 10:00 across the daylight-saving changes. A
 * wall time that does not exist (the spring-forward hour) gives no slot; one that exists twice (the
 * autumn hour) gives one, at its first occurrence.
 */

const ZONE = CONSULTATION_TIME_ZONE;
const MINUTE = 60_000;

export type SlotPlan = { weekly: WeeklyRange[]; slotMinutes: number; closedDates: string[] };
export type Interval = { start: Date; end: Date };

/** The instant of `minutes` after midnight of `date` ('YYYY-MM-DD') in Madrid; null when that time does not exist. */
export function madridInstant(date: string, minutes: number): Date | null {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const wall = Date.UTC(year, month - 1, day, 0, minutes);
  // the offset before and after a change differ; try both and keep the one that reads back as this wall time
  const offsets = [
    tzOffset(ZONE, new Date(wall - 2 * 60 * MINUTE)),
    tzOffset(ZONE, new Date(wall + 2 * 60 * MINUTE)),
  ];
  for (const offset of offsets) {
    const instant = wall - offset * MINUTE;
    if (tzOffset(ZONE, new Date(instant)) === offset) return new Date(instant);
  }
  return null;
}

/** ISO 8601 with Madrid's offset of that instant: '2026-03-30T10:00:00+02:00'. */
export function madridIso(instant: Date): string {
  const offset = tzOffset(ZONE, instant);
  const local = new Date(instant.getTime() + offset * MINUTE).toISOString().slice(0, 19);
  const sign = offset < 0 ? '-' : '+';
  const abs = Math.abs(offset);
  return `${local}${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

/** The Madrid calendar date of an instant, 'YYYY-MM-DD'. */
export function madridDate(instant: Date): string {
  return madridIso(instant).slice(0, 10);
}

/** A readable Spanish date and time in Madrid for mails and notices: 'lunes, 2 de marzo de 2026, 10:00'. */
export function madridText(instant: Date): string {
  return new Intl.DateTimeFormat('es-ES', {
    timeZone: ZONE,
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  }).format(instant);
}

/** ISO weekday of a date: 1 Monday … 7 Sunday. */
export function isoWeekday(date: string): number {
  const day = new Date(`${date}T00:00:00Z`).getUTCDay();
  return day === 0 ? 7 : day;
}

/** The dates from `from` to `to`, both included. */
export function datesBetween(from: string, to: string): string[] {
  const dates: string[] = [];
  for (let at = Date.parse(`${from}T00:00:00Z`); at <= Date.parse(`${to}T00:00:00Z`); at += 86_400_000) {
    dates.push(new Date(at).toISOString().slice(0, 10));
  }
  return dates;
}

/** Every slot the plan offers on one date (booked or not, past or not); none on a closed day. */
export function slotsOfDate(plan: SlotPlan, date: string): Interval[] {
  if (plan.closedDates.includes(date)) return [];
  const weekday = isoWeekday(date);
  const slots: Interval[] = [];
  const seen = new Set<number>();
  for (const range of plan.weekly.filter((one) => one.weekday === weekday)) {
    const last = minutesOf(range.to) - plan.slotMinutes;
    for (let minutes = minutesOf(range.from); minutes <= last; minutes += plan.slotMinutes) {
      const start = madridInstant(date, minutes);
      if (!start || seen.has(start.getTime())) continue;
      seen.add(start.getTime());
      slots.push({ start, end: new Date(start.getTime() + plan.slotMinutes * MINUTE) });
    }
  }
  return slots.sort((a, b) => a.start.getTime() - b.start.getTime());
}

const overlaps = (a: Interval, b: Interval) => a.start < b.end && b.start < a.end;

/** The free slots of the dates: after `now`, before `until`, overlapping no busy interval. */
export function freeSlots(
  plan: SlotPlan,
  dates: string[],
  busy: Interval[],
  window: { now: Date; until: Date },
): Interval[] {
  return dates
    .flatMap((date) => slotsOfDate(plan, date))
    .filter((slot) => slot.start > window.now && slot.start <= window.until)
    .filter((slot) => !busy.some((taken) => overlaps(slot, taken)));
}

export { overlaps };
