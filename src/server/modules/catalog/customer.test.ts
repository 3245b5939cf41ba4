import { describe, expect, it } from 'vitest';
import { businessDay } from './customer';

describe('businessDay', () => {
  it('is the calendar day in Amsterdam, turning at midnight there in winter and summer time', () => {
    const cases: Array<[string, string]> = [
      ['2026-01-14T22:59:59.999Z', '2026-01-14'],
      ['2026-01-14T23:00:00.000Z', '2026-01-15'],
      ['2026-07-14T21:59:59.999Z', '2026-07-14'],
      ['2026-07-14T22:00:00.000Z', '2026-07-15'],
      // The night the clocks go forward (29 March 2026, 02:00 → 03:00) and back (25 October).
      ['2026-03-28T22:59:00.000Z', '2026-03-28'],
      ['2026-03-28T23:00:00.000Z', '2026-03-29'],
      ['2026-10-24T21:59:00.000Z', '2026-10-24'],
      ['2026-10-24T22:00:00.000Z', '2026-10-25'],
    ];
    // In order, backwards and in order again: what is kept for a minute never answers for another one.
    for (const order of [cases, [...cases].reverse(), cases]) {
      for (const [at, day] of order) expect(businessDay(new Date(at)), at).toBe(day);
    }
  });
});
