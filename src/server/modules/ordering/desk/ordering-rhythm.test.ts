import { describe, expect, it } from 'vitest';
import { daysOverdue, orderingRhythm } from './ordering-rhythm';

describe("a relation's ordering rhythm", () => {
  it('has none below three order days', () => {
    expect(orderingRhythm([])).toBeNull();
    expect(orderingRhythm(['2026-11-02', '2026-11-09', '2026-11-09'])).toBeNull();
  });

  it('reads a weekly Monday rhythm: due a week after the last order, overdue from that day on', () => {
    const rhythm = orderingRhythm(['2026-11-16', '2026-11-02', '2026-11-09', '2026-11-23']);
    expect(rhythm).toEqual({ weekday: 'monday', intervalDays: 7, lastDay: '2026-11-23', dueDay: '2026-11-30' });
    expect(daysOverdue(rhythm!, '2026-11-29')).toBeNull();
    expect(daysOverdue(rhythm!, '2026-11-30')).toBe(0);
    expect(daysOverdue(rhythm!, '2026-12-03')).toBe(3);
  });

  it('takes the median interval, so one late order does not move the rhythm, and the most frequent weekday', () => {
    // Every two weeks on a Thursday, once a Friday and once three weeks apart.
    const rhythm = orderingRhythm(['2026-09-03', '2026-09-17', '2026-10-01', '2026-10-16', '2026-11-05', '2026-11-19']);
    expect(rhythm).toMatchObject({ weekday: 'thursday', intervalDays: 14, dueDay: '2026-12-03' });
  });

  it('counts days over a change to winter time as whole days', () => {
    const rhythm = orderingRhythm(['2026-10-13', '2026-10-20', '2026-10-27', '2026-11-03']);
    expect(rhythm).toMatchObject({ weekday: 'tuesday', intervalDays: 7, dueDay: '2026-11-10' });
  });
});
