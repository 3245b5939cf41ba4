import { getTableColumns } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { searchStatisticsResponse } from '../../../shared/api/search';
import { searchStatistics } from '../../db/schema';
import { API, login, useTestApp } from '../../test/app';
import { testClock } from '../../test/clock';
import { getJson, indexUrl } from '../catalog/test-support';
import { normalisedTerm } from './search-statistics.service';

// Monday 23 November 2026 in Amsterdam.
const clock = testClock('2026-11-23T09:00:00+01:00');
const t = useTestApp({}, { now: clock.now });

async function searchList(cookie: string, text: string, offset = 0) {
  const res = await getJson(t.app, indexUrl({ 'filter[fulltext]': text, 'page[limit]': 5, 'page[offset]': offset }), cookie);
  expect(res.statusCode, res.body).toBe(200);
}

async function statistics(query = '', prefix = '') {
  const { cookie } = await login(t.app, 'staff');
  return getJson(t.app, `${API}${prefix}/api/staff/search-statistics${query}`, cookie);
}

const termIn = <T extends { term: string }>(list: T[], term: string) => list.find((entry) => entry.term === term);

describe('search statistics (what customers searched for, for staff)', () => {
  it('counts each search of the list per normalised term, once per search (not per page), and the ones that found nothing', async () => {
    const { cookie } = await login(t.app, 'demo');
    await searchList(cookie, 'Salsa Verde');
    await searchList(cookie, '  salsa, verde! ');
    await searchList(cookie, 'salsa verde', 5);
    await searchList(cookie, 'Qwzx Vlorp');
    const res = await statistics();
    expect(res.statusCode, res.body).toBe(200);
    const body = searchStatisticsResponse.parse(res.json());
    expect(body).toMatchObject({ from: '2026-10-25', to: '2026-11-23' });
    expect(termIn(body.top, 'salsa verde')).toEqual({ term: 'salsa verde', searches: 2, empty_searches: 0 });
    expect(termIn(body.top, 'qwzx vlorp')).toEqual({ term: 'qwzx vlorp', searches: 1, empty_searches: 1 });
    expect(termIn(body.without_results, 'qwzx vlorp')).toEqual({ term: 'qwzx vlorp', searches: 1, empty_searches: 1 });
    expect(termIn(body.without_results, 'salsa verde')).toBeUndefined();
    expect(body.top.length).toBeLessThanOrEqual(50);
    expect(body.without_results.length).toBeLessThanOrEqual(50);
  });

  it('does not count suggestions as you type, nor a search without words', async () => {
    const { cookie } = await login(t.app, 'demo');
    for (const q of ['zw', 'zwa', 'zwar']) {
      expect((await getJson(t.app, `${API}/api/search/suggestions?q=${q}`, cookie)).statusCode).toBe(200);
    }
    await searchList(cookie, '!!! ???');
    const body = searchStatisticsResponse.parse((await statistics()).json());
    expect(body.top.map((e) => e.term)).not.toEqual(expect.arrayContaining(['zw']));
    expect(body.top.some((e) => e.term.startsWith('zw') || e.term === '')).toBe(false);
  });

  it('stores no user or relation: a day, a term and two counts', async () => {
    expect(Object.keys(getTableColumns(searchStatistics)).sort()).toEqual(['day', 'emptySearches', 'searches', 'term']);
  });

  it('reads a chosen period, both days included, and refuses a reversed or too long one in the language of the request', async () => {
    const { cookie } = await login(t.app, 'demo');
    await searchList(cookie, 'habanero');
    const today = searchStatisticsResponse.parse((await statistics('?from=2026-11-23&to=2026-11-23')).json());
    expect(termIn(today.top, 'habanero')?.searches).toBeGreaterThanOrEqual(1);
    const before = searchStatisticsResponse.parse((await statistics('?from=2020-01-01&to=2020-01-31')).json());
    expect(before.top).toEqual([]);

    const reversed = await statistics('?from=2026-11-23&to=2026-11-01');
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().message).toBe('De begindatum ligt na de einddatum.');
    const long = await statistics('?from=2024-01-01&to=2026-11-01', '/en');
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe('A period is at most 366 days.');
    const notADay = await statistics('?from=2026-02-30');
    expect(notADay.statusCode).toBe(400);
  });

  it('is for staff only: a customer gets 403', async () => {
    const { cookie } = await login(t.app, 'demo');
    const res = await getJson(t.app, `${API}/api/staff/search-statistics`, cookie);
    expect(res.statusCode).toBe(403);
  });

  it('normalises a term to its words in lower case', () => {
    expect(normalisedTerm("  Tortilla's 20CM!! ")).toBe('tortilla 20cm');
    expect(normalisedTerm('🌮 & |')).toBe('');
    expect(normalisedTerm('x'.repeat(500)).length).toBeLessThanOrEqual(100);
  });
});
