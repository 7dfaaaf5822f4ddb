import { consultationsWebEs } from '@l4l/shared/texts/consultations-web';
import { describe, expect, it } from 'vitest';
import { draftProblem, fromDraft, newRange, toDraft } from './availability-form.ts';

const t = consultationsWebEs.availability;

describe('the availability draft', () => {
  const base = toDraft({
    weekly: [],
    slotMinutes: 45,
    exceptions: [],
    modes: ['video', 'office'],
    officeAddress: 'Calle Mayor 1, Madrid',
  });

  it('accepts separate ranges and sends them sorted, without their keys', () => {
    const draft = {
      ...base,
      weekly: [newRange(2, '16:00', '19:00'), newRange(1), newRange(2, '09:00', '13:00')],
    };
    expect(draftProblem(draft)).toBeNull();
    expect(fromDraft(draft).weekly).toEqual([
      { weekday: 1, from: '09:00', to: '14:00' },
      { weekday: 2, from: '09:00', to: '13:00' },
      { weekday: 2, from: '16:00', to: '19:00' },
    ]);
  });

  it('names overlapping ranges, backwards ranges and a missing mode', () => {
    const late = newRange(3, '13:00', '15:00');
    expect(draftProblem({ ...base, weekly: [newRange(3), late] })).toEqual({
      message: t.overlap,
      rangeKey: late.key,
    });
    const backwards = newRange(4, '12:00', '10:00');
    expect(draftProblem({ ...base, weekly: [backwards] })).toEqual({
      message: t.badRange,
      rangeKey: backwards.key,
    });
    expect(draftProblem({ ...base, modes: [] })).toEqual({ message: t.noMode });
  });
});
