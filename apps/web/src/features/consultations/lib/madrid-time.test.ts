import { describe, expect, it } from 'vitest';
import {
  addDays,
  countdownText,
  groupByMadridDay,
  madridDayKey,
  madridRange,
  madridTime,
} from './madrid-time.ts';

describe('Madrid times', () => {
  it('reads an instant in Madrid whatever its offset, across the October change', () => {
    // 25 October 2026, 01:30 UTC is 03:30 in summer time... and the clocks go back at 03:00 CEST
    expect(madridTime('2026-10-24T22:30:00Z')).toBe('00:30');
    expect(madridDayKey('2026-10-24T22:30:00Z')).toBe('2026-10-25');
    expect(madridTime('2026-10-26T08:00:00Z')).toBe('09:00');
    expect(madridTime('2026-10-23T08:00:00Z')).toBe('10:00');
  });

  it('writes a slot in Spanish', () => {
    expect(madridRange('2026-12-07T08:30:00Z', '2026-12-07T09:00:00Z')).toBe(
      'lunes, 7 de diciembre, de 09:30 a 10:00',
    );
  });

  it('adds calendar days and groups by day', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    const groups = groupByMadridDay([
      { start: '2026-12-07T10:00:00Z' },
      { start: '2026-12-07T23:30:00Z' },
      { start: '2026-12-08T08:00:00Z' },
    ]);
    expect([...groups.keys()]).toEqual(['2026-12-07', '2026-12-08']);
    expect(groups.get('2026-12-08')).toHaveLength(2);
  });

  it('counts down', () => {
    expect(countdownText(4 * 60_000 + 9_000)).toBe('4 min 09 s');
    expect(countdownText(65 * 60_000)).toBe('1 h 05 min');
    expect(countdownText(-5)).toBe('0 min 00 s');
  });
});
