import { describe, expect, it } from 'vitest';

import { expectedStock } from './stock-date';

describe('the expected stock date as a customer is told it (decision 030)', () => {
  it('is the date from today on, and "soon" once it has passed', () => {
    expect(expectedStock('2026-11-27', '2026-11-27')).toEqual({ date: '2026-11-27' });
    expect(expectedStock('2027-01-12', '2026-11-27')).toEqual({ date: '2027-01-12' });
    expect(expectedStock('2026-11-03', '2026-11-27')).toBe('soon');
    expect(expectedStock('2025-12-31', '2026-01-01')).toBe('soon');
  });

  it('is nothing when the ERP gave no date', () => {
    expect(expectedStock(null, '2026-11-27')).toBeNull();
  });
});
