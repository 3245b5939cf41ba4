import { getTableColumns } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeEach, describe, expect, it } from 'vitest';
import { searchStatisticsResponse } from '../../../shared/api/search';
import { searchStatistics, searchStatisticsSearchers } from '../../db/schema';
import { API, login, useTestApp } from '../../test/app';
import { HOUR, MINUTE, testClock } from '../../test/clock';
import { useSecondInstance } from '../../test/second-instance';
import { getJson, indexUrl } from '../catalog/test-support';
import { normalisedTerm, searcherOf } from './search-statistics.service';

// Monday 23 November 2026 in Amsterdam.
const clock = testClock('2026-11-23T09:00:00+01:00');
const t = useTestApp({}, { now: clock.now });
const second = useSecondInstance({ now: clock.now });
beforeEach(() => clock.reset());
const DAY = 24 * HOUR;

async function searchList(cookie: string, text: string, offset = 0, app: FastifyInstance = t.app) {
  const res = await getJson(app, indexUrl({ 'filter[fulltext]': text, 'page[limit]': 5, 'page[offset]': offset }), cookie);
  expect(res.statusCode, res.body).toBe(200);
}

async function statistics(query = '', prefix = '', app: FastifyInstance = t.app) {
  const { cookie } = await login(app, 'staff');
  return getJson(app, `${API}${prefix}/api/staff/search-statistics${query}`, cookie);
}

async function searchesOf(term: string, query = '', app: FastifyInstance = t.app): Promise<number | undefined> {
  const res = await statistics(query, '', app);
  expect(res.statusCode, res.body).toBe(200);
  return termIn(searchStatisticsResponse.parse(res.json()).top, term)?.searches;
}

const termIn = <T extends { term: string }>(list: T[], term: string) => list.find((entry) => entry.term === term);

describe('search statistics (what customers searched for, for staff)', () => {
  it('counts each search of the list per normalised term, once per user (not per page), and the ones that found nothing', async () => {
    const { cookie } = await login(t.app, 'demo');
    await searchList(cookie, 'Salsa Verde');
    await searchList(cookie, '  salsa, verde! ');
    await searchList(cookie, 'salsa verde', 5);
    await searchList((await login(t.app, 'grooth')).cookie, 'salsa verde');
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

  it('stores no user or relation: a day, a term and two counts; who searched only as a hash that changes with the day', async () => {
    expect(Object.keys(getTableColumns(searchStatistics)).sort()).toEqual(['day', 'emptySearches', 'searches', 'term']);
    expect(Object.keys(getTableColumns(searchStatisticsSearchers)).sort()).toEqual(['day', 'searcher', 'term']);
    const monday = searcherOf('secret', '2026-11-23', 7);
    expect(monday).not.toBe(7);
    expect(searcherOf('secret', '2026-11-24', 7)).not.toBe(monday);
    expect(searcherOf('other secret', '2026-11-23', 7)).not.toBe(monday);
    expect(Number.isSafeInteger(monday)).toBe(true);
  });

  it('counts a user once per term and Amsterdam day, however often and on whichever instance: one client cannot stuff the top', async () => {
    const b = await second.instance();
    const { cookie } = await login(t.app, 'demo');
    for (let i = 0; i < 20; i++) await searchList(cookie, 'Chipotle Stuffing');
    // Written, then searched again: the database knows who searched, not only this instance's memory.
    expect(await searchesOf('chipotle stuffing')).toBe(1);
    await searchList(cookie, 'chipotle stuffing');
    await searchList(cookie, 'chipotle stuffing', 0, b);
    expect(await searchesOf('chipotle stuffing', '', b)).toBe(1);
    expect(await searchesOf('chipotle stuffing')).toBe(1);

    await searchList((await login(t.app, 'grooth')).cookie, 'chipotle stuffing');
    expect(await searchesOf('chipotle stuffing')).toBe(2);
  });

  it('counts the same user again on the next Amsterdam day, also when the UTC date has not changed', async () => {
    clock.advance(14 * HOUR + 30 * MINUTE); // 23:30 in Amsterdam, 22:30 UTC
    const { cookie } = await login(t.app, 'demo');
    await searchList(cookie, 'guajillo');
    clock.advance(HOUR); // 00:30 on Tuesday in Amsterdam, still Monday 23:30 UTC
    await searchList(cookie, 'guajillo');
    await searchList(cookie, 'guajillo');
    expect(await searchesOf('guajillo', '?from=2026-11-23&to=2026-11-23')).toBe(1);
    expect(await searchesOf('guajillo', '?from=2026-11-24&to=2026-11-24')).toBe(1);
    expect(await searchesOf('guajillo', '?from=2026-11-23&to=2026-11-24')).toBe(2);
  });

  it('prunes a day\'s terms that a single user searched once they are more than 30 days old, and who searched after a day', async () => {
    const { db } = t.app.database;
    await searchList((await login(t.app, 'demo')).cookie, 'eenmalig gezocht');
    await searchList((await login(t.app, 'demo')).cookie, 'tweemaal gezocht');
    await searchList((await login(t.app, 'grooth')).cookie, 'tweemaal gezocht');
    const monday = '?from=2026-11-23&to=2026-11-23';
    expect(await searchesOf('eenmalig gezocht', monday)).toBe(1);
    expect(await db.select().from(searchStatisticsSearchers)).toHaveLength(3);

    clock.advance(2 * DAY); // Wednesday: Monday's searchers are no longer needed
    expect(await searchesOf('eenmalig gezocht', monday)).toBe(1);
    expect(await db.select().from(searchStatisticsSearchers)).toEqual([]);

    clock.advance(28 * DAY); // 23 December: Monday is 30 days ago, still kept
    expect(await searchesOf('eenmalig gezocht', monday)).toBe(1);
    clock.advance(DAY);
    expect(await searchesOf('eenmalig gezocht', monday)).toBeUndefined();
    expect(await searchesOf('tweemaal gezocht', monday)).toBe(2);
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

  it('counts the searches the engine reads alike as one term: Jalapeño and jalapeno', async () => {
    // The demo data has searches of it already (seeded as the shop counts them).
    const before = (await searchesOf('jalapeno')) ?? 0;
    await searchList((await login(t.app, 'demo')).cookie, 'Jalapeño');
    await searchList((await login(t.app, 'grooth')).cookie, 'jalapen\u0303o');
    await searchList((await login(t.app, 'ghint')).cookie, 'jalapeno');
    const body = searchStatisticsResponse.parse((await statistics()).json());
    expect(termIn(body.top, 'jalapeno')).toMatchObject({ searches: before + 3, empty_searches: 0 });
    expect(body.top.filter((entry) => entry.term.startsWith('jalape'))).toHaveLength(1);
  });

  it("normalises a term to the engine's words: lower case, accents folded, letters and digits apart", () => {
    expect(normalisedTerm("  Tortilla's 20CM!! ")).toBe('tortilla 20 cm');
    expect(normalisedTerm('JALAPEÑO')).toBe(normalisedTerm('jalapeno'));
    expect(normalisedTerm('🌮 & |')).toBe('');
    expect(normalisedTerm('x'.repeat(500)).length).toBeLessThanOrEqual(100);
  });
});
