import { describe, expect, it } from 'vitest';
import { AppError } from '../../errors';
import { ingredientRuns, periodOf, plainIngredients, startOfAmsterdamDay } from './food-overview';

describe('the period of the allergen overview', () => {
  const now = new Date('2026-11-23T09:00:00+01:00');

  it('is the last 90 Amsterdam days by default, and starts and ends at Amsterdam midnight (winter and summer time)', () => {
    const period = periodOf({}, now);
    expect(period).toMatchObject({ from: '2026-08-26', to: '2026-11-23' });
    expect(period.start.toISOString()).toBe('2026-08-25T22:00:00.000Z');
    expect(period.end.toISOString()).toBe('2026-11-23T23:00:00.000Z');
    // Late on New Year's Eve in UTC it is already the new year in Amsterdam.
    expect(periodOf({}, new Date('2026-12-31T23:30:00Z')).to).toBe('2027-01-01');
    expect(startOfAmsterdamDay('2026-03-29').toISOString()).toBe('2026-03-28T23:00:00.000Z'); // the day summer time starts
    expect(startOfAmsterdamDay('2026-10-26').toISOString()).toBe('2026-10-25T23:00:00.000Z'); // the day after it ends
  });

  it('takes one end alone, and refuses a reversed period or one over two years', () => {
    expect(periodOf({ from: '2026-11-01' }, now)).toMatchObject({ from: '2026-11-01', to: '2026-11-23' });
    expect(periodOf({ to: '2026-01-31' }, now)).toMatchObject({ from: '2025-11-03', to: '2026-01-31' });
    expect(periodOf({ from: '2026-11-23', to: '2026-11-23' }, now)).toMatchObject({ from: '2026-11-23', to: '2026-11-23' });
    expect(periodOf({ from: '2024-02-29', to: '2026-03-01' }, now).from).toBe('2024-02-29');
    const refusal = (query: { from?: string; to?: string }) => {
      try {
        periodOf(query, now);
      } catch (error) {
        return error instanceof AppError ? [error.statusCode, error.code] : error;
      }
      return null;
    };
    expect(refusal({ from: '2026-12-01' })).toEqual([400, 'period_reversed']);
    expect(refusal({ from: '2026-11-02', to: '2026-11-01' })).toEqual([400, 'period_reversed']);
    expect(refusal({ from: '2024-11-22', to: '2026-11-23' })).toEqual([400, 'period_too_long']);
  });
});

describe('ingredients as runs of text', () => {
  it('makes the emphasised allergens bold and drops other markup', () => {
    expect(ingredientRuns('<p><strong>Tarwebloem</strong> (72%), water, <b>melk</b>poeder &amp; zout</p>')).toEqual([
      { text: 'Tarwebloem', bold: true },
      { text: ' (72%), water, ', bold: false },
      { text: 'melk', bold: true },
      { text: 'poeder & zout', bold: false },
    ]);
    expect(plainIngredients('Water,<br>  <strong>GERST</strong>&nbsp;(mout) &#39;x&#x27;')).toBe("Water, GERST (mout) 'x'");
    expect(ingredientRuns('<p> </p>')).toEqual([]);
  });
});
