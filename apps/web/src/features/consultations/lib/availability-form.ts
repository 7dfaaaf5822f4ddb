import { consultationsWebEs } from '@l4l/shared/texts/consultations-web';
import type { Availability } from '../api/schemas.ts';

const t = consultationsWebEs.availability;

/** What the editor holds: the weekly ranges with a local key each, so rows keep their focus while edited. */
export type Range = { key: number; weekday: number; from: string; to: string };
export type AvailabilityDraft = Omit<Availability, 'weekly'> & { weekly: Range[] };

let nextKey = 1;
export function newRange(weekday: number, from = '09:00', to = '14:00'): Range {
  nextKey += 1;
  return { key: nextKey, weekday, from, to };
}

export const EMPTY_AVAILABILITY: Availability = {
  weekly: [],
  slotMinutes: 30,
  exceptions: [],
  modes: ['video'],
};

export function toDraft(availability: Availability): AvailabilityDraft {
  return {
    ...availability,
    weekly: availability.weekly.map((range) => newRange(range.weekday, range.from, range.to)),
  };
}

export function fromDraft(draft: AvailabilityDraft): Availability {
  return {
    ...draft,
    weekly: [...draft.weekly]
      .sort((a, b) => a.weekday - b.weekday || a.from.localeCompare(b.from))
      .map(({ weekday, from, to }) => ({ weekday, from, to })),
    exceptions: draft.exceptions.filter((exception) => exception.date),
    officeAddress: draft.officeAddress?.trim() || undefined,
  };
}

/**
 * The first problem of a draft, as the server would name it (docs/api/http.md, First consultations): no
 * mode, a range that ends before it starts, or two ranges of one day that overlap. Null when it may be sent.
 */
export function draftProblem(draft: AvailabilityDraft): { message: string; rangeKey?: number } | null {
  if (draft.modes.length === 0) return { message: t.noMode };
  if (draft.modes.includes('office') && !draft.officeAddress?.trim()) return { message: t.noOffice };
  for (const range of draft.weekly) {
    if (range.from >= range.to) return { message: t.badRange, rangeKey: range.key };
  }
  for (let weekday = 1; weekday <= 7; weekday += 1) {
    const day = draft.weekly
      .filter((range) => range.weekday === weekday)
      .sort((a, b) => a.from.localeCompare(b.from));
    for (let index = 1; index < day.length; index += 1) {
      const previous = day[index - 1];
      const current = day[index];
      if (previous && current && current.from < previous.to)
        return { message: t.overlap, rangeKey: current.key };
    }
  }
  return null;
}
