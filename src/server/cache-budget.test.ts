import { describe, expect, it } from 'vitest';
import { CACHE_SHARES, type CacheName, createCacheBudget, ENTRY_OVERHEAD_BYTES, stringBytes } from './cache-budget';

describe('the cache budget', () => {
  it('hands out shares that add up to no more than the whole', () => {
    const sum = Object.values(CACHE_SHARES).reduce((a, b) => a + b, 0);
    expect(sum).toBeLessThanOrEqual(1 + 1e-9);
  });

  it('keeps every cache filled with large entries under its share, and all of them under the bound', () => {
    const budget = createCacheBudget(4 * 2 ** 20);
    const names = Object.keys(CACHE_SHARES) as CacheName[];
    const caches = names.map((name) => budget.lru<string, string>(name, (value, key) => stringBytes(value) + stringBytes(key)));
    for (let i = 0; i < 2000; i++) {
      // From a few hundred bytes to 24 kB each.
      const value = `${i}`.padEnd(200 + ((i * 7919) % 12_000), 'x');
      for (const cache of caches) cache.set(`key-${i}`, value);
      expect(budget.accountedBytes()).toBeLessThanOrEqual(budget.totalBytes);
    }
    for (const row of budget.report()) {
      expect(row.bytes, row.name).toBeLessThanOrEqual(row.maxBytes);
      // Filled: within one largest entry of its share.
      expect(row.bytes, row.name).toBeGreaterThan(row.maxBytes - 2 * 12_200 - 2 * ENTRY_OVERHEAD_BYTES);
    }
  });

  it('counts the key, the value and the overhead of an entry', () => {
    const budget = createCacheBudget(2 ** 20);
    const cache = budget.lru<string, string>('matches', (value, key) => stringBytes(value) + stringBytes(key));
    cache.set('abc', 'x'.repeat(1000));
    expect(budget.accountedBytes()).toBe(2 * 1003 + ENTRY_OVERHEAD_BYTES);
  });

  it('does not keep an entry larger than a sixteenth of its share', () => {
    const budget = createCacheBudget(2 ** 20);
    const cache = budget.lru<string, string>('matches', (value) => stringBytes(value));
    const share = budget.report()[0]!.maxBytes;
    cache.set('huge', 'x'.repeat(Math.ceil(share / 16 / 2)));
    expect(cache.has('huge')).toBe(false);
    cache.set('fits', 'x'.repeat(Math.floor(share / 16 / 2) - ENTRY_OVERHEAD_BYTES));
    expect(cache.has('fits')).toBe(true);
  });

  it('keeps one entry as large as its whole share when told so (the search scratch), and pushes it out for the next', () => {
    const budget = createCacheBudget(2 ** 20);
    const cache = budget.lru<number, string>('searchScratch', (value) => stringBytes(value), { maxEntryShare: 1 });
    const share = budget.report()[0]!.maxBytes;
    const whole = Math.floor((share - ENTRY_OVERHEAD_BYTES) / 2);
    cache.set(1, 'x'.repeat(whole));
    expect(cache.has(1)).toBe(true);
    cache.set(2, 'y'.repeat(whole - 1));
    expect([cache.has(1), cache.has(2)]).toEqual([false, true]);
    cache.set(3, 'z'.repeat(whole + 1));
    expect(cache.has(3)).toBe(false);
    expect(budget.report()[0]!.bytes).toBeLessThanOrEqual(share);
  });

  it('hands out each share once, so the caches cannot add up to more than the bound', () => {
    const budget = createCacheBudget(2 ** 20);
    budget.lru('matches', () => 1);
    expect(() => budget.lru('matches', () => 1)).toThrow(/already in use/);
  });
});
