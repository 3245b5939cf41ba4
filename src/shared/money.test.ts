import { describe, expect, it } from 'vitest';
import { centsToDecimal, formatEuro, formatEuros, freeDeliveryThresholdCents, rateFraction } from './money';

describe('money', () => {
  it('reads the first whole number of the free-delivery text as the threshold', () => {
    expect(freeDeliveryThresholdCents('Franco vanaf € 350,-')).toBe(35_000);
    expect(freeDeliveryThresholdCents('Free delivery from € 250')).toBe(25_000);
    expect(freeDeliveryThresholdCents('Franco vanaf € 1.500,-')).toBe(150_000);
    expect(freeDeliveryThresholdCents('vanaf 2 dozen of € 300')).toBe(200);
    expect(freeDeliveryThresholdCents('')).toBeNull();
    expect(freeDeliveryThresholdCents(null)).toBeNull();
  });

  it('writes cents as Commerce decimals and nl-NL text', () => {
    expect(centsToDecimal(123_450)).toBe('1234.50');
    expect(centsToDecimal(-5)).toBe('-0.05');
    expect(formatEuro(123_450).replace(/\s/g, ' ')).toBe('€ 1.234,50');
  });

  it('writes VAT rates as fractions', () => {
    expect(rateFraction(900)).toBe('0.09');
    expect(rateFraction(2100)).toBe('0.21');
  });
});

describe('formatEuros', () => {
  it('writes an amount in euros in the nl-NL format, credits with a minus', () => {
    expect(formatEuros(626.54)).toBe('€\u00a0626,54');
    expect(formatEuros(1491.81)).toBe('€\u00a01.491,81');
    expect(formatEuros(-33.07)).toBe('€\u00a0-33,07');
    // floating point: 0.1 + 0.2 is still 30 cents
    expect(formatEuros(0.1 + 0.2)).toBe('€\u00a00,30');
  });
});
