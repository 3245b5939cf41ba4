import { describe, expect, it } from 'vitest';

import { formatDay, formatEuros, formatMomentDay, formatMomentLong, formatNumber, formatPercentage, taxPercentage } from './format';

describe('the shop formats', () => {
  it('writes a calendar day dd-mm-yyyy, also from the day part of a timestamp', () => {
    expect(formatDay('2027-03-01')).toBe('01-03-2027');
    expect(formatDay('2026-11-20T23:30:00Z')).toBe('20-11-2026');
    expect(formatDay(null)).toBe('');
    expect(formatDay('soon')).toBe('soon');
  });

  it('writes the day of a moment as it is in Amsterdam', () => {
    // 23:30 UTC on 30 November is already 1 December in Amsterdam
    expect(formatMomentDay('2026-11-30T23:30:00Z')).toBe('01-12-2026');
    expect(formatMomentLong('2026-11-22T10:00:00Z')).toBe('22 november 2026');
    expect(formatMomentDay(null)).toBe('');
  });

  it('writes numbers in the UI language and amounts in the one euro format', () => {
    expect(formatNumber(1500, 'nl')).toBe('1.500');
    expect(formatNumber(1500, 'en')).toBe('1,500');
    expect(formatPercentage(3.5, 'nl')).toBe('+3,5');
    expect(formatPercentage(-2, 'en')).toBe('-2');
    expect(formatEuros(487.65)).toBe('€\u00a0487,65');
    expect(taxPercentage('0.09')).toBe(9);
    expect(taxPercentage('0.055')).toBe(5.5);
  });
});
