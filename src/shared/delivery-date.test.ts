import { describe, expect, it } from 'vitest';
import {
  amsterdamClock,
  businessDay,
  dayBefore,
  daysBetween,
  deliveryDateProblem,
  deliveryWeekdays,
  earliestDeliveryDate,
  effectiveDeliveryDate,
  formatDeliveryDate,
  latestDeliveryDate,
} from './delivery-date';

// 2026-11-24 is a Tuesday. In November Amsterdam is UTC+1, in summer UTC+2.
const at = (iso: string) => new Date(iso);

describe('delivery date rule', () => {
  it('reads the hour in Amsterdam, not in UTC', () => {
    expect(amsterdamClock(at('2026-11-24T12:59:00Z'))).toEqual({ day: '2026-11-24', hour: 13 });
    expect(amsterdamClock(at('2026-11-24T23:30:00Z'))).toEqual({ day: '2026-11-25', hour: 0 });
  });

  it('is tomorrow up to 13:59 and the day after tomorrow from 14:00', () => {
    expect(earliestDeliveryDate(at('2026-11-24T12:59:59+01:00'), [])).toBe('2026-11-25');
    expect(earliestDeliveryDate(at('2026-11-24T13:59:59+01:00'), [])).toBe('2026-11-25');
    expect(earliestDeliveryDate(at('2026-11-24T14:00:00+01:00'), [])).toBe('2026-11-26');
    expect(earliestDeliveryDate(at('2026-11-24T00:00:00+01:00'), [])).toBe('2026-11-25');
  });

  it('moves a Friday afternoon order past the weekend to Monday', () => {
    // Friday 27 November, 15:00: +2 is Sunday, moved to Monday 30.
    expect(earliestDeliveryDate(at('2026-11-27T15:00:00+01:00'), [])).toBe('2026-11-30');
    // Friday morning: +1 is Saturday, moved to Monday as well.
    expect(earliestDeliveryDate(at('2026-11-27T09:00:00+01:00'), [])).toBe('2026-11-30');
    // Thursday afternoon: +2 is Saturday → Monday.
    expect(earliestDeliveryDate(at('2026-11-26T14:00:00+01:00'), [])).toBe('2026-11-30');
  });

  it("keeps to a relation's own weekdays (Tuesday and Thursday)", () => {
    const days = ['tuesday', 'thursday'];
    // Monday morning: tomorrow is Tuesday.
    expect(earliestDeliveryDate(at('2026-11-23T10:00:00+01:00'), days)).toBe('2026-11-24');
    // Monday afternoon: Wednesday is not a delivery day → Thursday.
    expect(earliestDeliveryDate(at('2026-11-23T14:00:00+01:00'), days)).toBe('2026-11-26');
    // Thursday afternoon: next Tuesday.
    expect(earliestDeliveryDate(at('2026-11-26T16:00:00+01:00'), days)).toBe('2026-12-01');
    expect(deliveryDateProblem('2026-11-25', at('2026-11-23T10:00:00+01:00'), days)).toBe('not_a_delivery_day');
    expect(deliveryDateProblem('2026-11-26', at('2026-11-23T10:00:00+01:00'), days)).toBeNull();
  });

  it('uses the Amsterdam hour across the daylight-saving changes', () => {
    // Summer time ends Sunday 25 October 2026 at 03:00 CEST. On Monday 26 October (UTC+1)
    // 13:30 UTC is 14:30 in Amsterdam: two days.
    expect(earliestDeliveryDate(at('2026-10-26T13:30:00Z'), [])).toBe('2026-10-28');
    // On Friday 23 October (UTC+2) 11:30 UTC is 13:30 in Amsterdam: one day → Saturday → Monday 26.
    expect(earliestDeliveryDate(at('2026-10-23T11:30:00Z'), [])).toBe('2026-10-26');
    // 12:00 UTC in summer is 14:00 in Amsterdam: two days.
    expect(earliestDeliveryDate(at('2026-10-21T12:00:00Z'), [])).toBe('2026-10-23');
    // Summer time starts Sunday 29 March 2026: Saturday 28 March 23:30 UTC is Sunday 00:30 CET.
    expect(earliestDeliveryDate(at('2026-03-28T23:30:00Z'), [])).toBe('2026-03-30');
    // Sunday 29 March 12:00 UTC is 14:00 CEST: +2 is Tuesday 31 March.
    expect(earliestDeliveryDate(at('2026-03-29T12:00:00Z'), [])).toBe('2026-03-31');
  });

  it('refuses a date before the earliest, after the last, or that is not a day', () => {
    const now = at('2026-11-24T10:00:00+01:00');
    expect(deliveryDateProblem('2026-11-24', now, [])).toBe('too_early');
    expect(deliveryDateProblem('2026-11-25', now, [])).toBeNull();
    expect(deliveryDateProblem('2026-11-28', now, [])).toBe('not_a_delivery_day');
    expect(deliveryDateProblem(latestDeliveryDate(now), now, [])).toBeNull();
    expect(deliveryDateProblem('2027-02-23', now, [])).toBe('too_late');
    expect(deliveryDateProblem('2026-02-30', now, [])).toBe('not_a_date');
    expect(deliveryDateProblem('25-11-2026', now, [])).toBe('not_a_date');
    expect(deliveryDateProblem('', now, [])).toBe('not_a_date');
  });

  it('replaces a saved date that is no longer allowed by the earliest one', () => {
    const now = at('2026-11-24T15:00:00+01:00');
    expect(effectiveDeliveryDate('2026-11-25', now, [])).toBe('2026-11-26');
    expect(effectiveDeliveryDate('2026-12-01', now, [])).toBe('2026-12-01');
    expect(effectiveDeliveryDate(null, now, [])).toBe('2026-11-26');
  });

  it('treats unknown weekday names as none, and none as monday to friday', () => {
    expect([...deliveryWeekdays(['Tuesday', 'someday'])]).toEqual(['tuesday']);
    expect(deliveryWeekdays(['someday']).size).toBe(5);
    expect(deliveryWeekdays(null).has('saturday')).toBe(false);
  });

  it('shows dates as dd-MM-y', () => {
    expect(formatDeliveryDate('2026-11-05')).toBe('05-11-2026');
  });
});

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

describe('dayBefore', () => {
  it('counts back calendar days across a month, a year and the clock change', () => {
    expect(dayBefore('2026-03-01')).toBe('2026-02-28');
    expect(dayBefore('2026-01-01')).toBe('2025-12-31');
    expect(dayBefore('2026-03-30', 2)).toBe('2026-03-28');
    expect(dayBefore('2026-11-24', 0)).toBe('2026-11-24');
  });
});

describe('daysBetween', () => {
  it('counts calendar days across a month, a year and the clock change', () => {
    expect(daysBetween('2026-02-28', '2026-03-01')).toBe(1);
    expect(daysBetween('2025-12-31', '2026-01-01')).toBe(1);
    expect(daysBetween('2026-03-28', '2026-03-30')).toBe(2);
    expect(daysBetween('2026-11-24', '2026-11-24')).toBe(0);
    expect(daysBetween('2026-11-24', '2026-11-17')).toBe(-7);
  });
});
