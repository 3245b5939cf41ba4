import type { FastifyInstance } from 'fastify';
import { beforeEach, describe, expect, it } from 'vitest';
import { QUICK_ORDER_UPLOAD_TYPES } from '../../../shared/api/quick-order';
import { SUGGESTIONS_PATH } from '../../../shared/api/search-limits';
import { rateLimits as rateLimitRows } from '../../db/schema';
import { API, login, type Session, useTestApp } from '../../test/app';
import { SECOND, testClock } from '../../test/clock';
import { useSecondInstance } from '../../test/second-instance';
import { createRateLimits } from './rate-limits.service';

/**
 * Rate limits (issue 39 point 5, decision 034): per user on what costs, per address on the whole
 * API, counted in the database on the app's clock, so a test moves the minute on by hand.
 */

const limits = { api: 30, search: 4, quickOrder: 3, uploads: 2, foodOverview: 2 };
const clock = testClock('2026-11-23T09:00:00+01:00');
const t = useTestApp({ rateLimits: limits }, { now: clock.now });
const second = useSecondInstance({ now: clock.now }, { rateLimits: limits });

beforeEach(() => clock.reset());

const search = (session: Session, text = 'tortilla', prefix = '', app: FastifyInstance = t.app) =>
  app.inject({
    method: 'GET',
    url: `${API}${prefix}/jsonapi/index/products/?filter[fulltext]=${text}&page[offset]=0&page[limit]=5`,
    headers: { cookie: session.cookie },
  });
const suggest = (session: Session, q = 'tor', prefix = '') =>
  t.app.inject({ method: 'GET', url: `${API}${prefix}${SUGGESTIONS_PATH}?q=${q}`, headers: { cookie: session.cookie } });
const browse = (session: Session) =>
  t.app.inject({ method: 'GET', url: `${API}/jsonapi/index/products/?page[offset]=0&page[limit]=5`, headers: { cookie: session.cookie } });
const unsafe = (session: Session, url: string, payload: object | Buffer, type = 'application/json') =>
  t.app.inject({ method: 'POST', url: `${API}${url}`, headers: { cookie: session.cookie, 'x-csrf-token': session.csrf, 'content-type': type }, payload });
const publicPage = (remoteAddress: string) => t.app.inject({ method: 'GET', url: `${API}/session/token`, remoteAddress });

async function statuses(times: number, call: () => Promise<{ statusCode: number }>): Promise<number[]> {
  const seen: number[] = [];
  for (let i = 0; i < times; i++) seen.push((await call()).statusCode);
  return seen;
}

describe('rate limits on what costs, per user', () => {
  it('refuses the search after its limit with Retry-After and a Dutch message, and answers again after the minute', async () => {
    const demo = await login(t.app, 'demo');
    expect(await statuses(limits.search, () => search(demo))).toEqual([200, 200, 200, 200]);
    const refused = await search(demo);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe('60');
    // The product index answers errors as JSON:API documents, with `message` for simple clients.
    expect(refused.json()).toMatchObject({ message: 'Te veel verzoeken in korte tijd. Probeer het over 60 seconden opnieuw.', errors: [{ status: '429' }] });

    clock.advance(45 * SECOND);
    const later = await search(demo);
    expect(later.statusCode).toBe(429);
    expect(later.headers['retry-after']).toBe('15');
    clock.advance(15 * SECOND);
    expect((await search(demo)).statusCode).toBe(200);
  });

  it('answers { message, code } in the language of the request', async () => {
    const demo = await login(t.app, 'demo');
    await statuses(limits.search, () => search(demo));
    const dutch = await suggest(demo);
    expect(dutch.statusCode).toBe(429);
    expect(dutch.json()).toEqual({ code: 'too_many_requests', message: 'Te veel verzoeken in korte tijd. Probeer het over 60 seconden opnieuw.' });
    clock.advance(59 * SECOND);
    const english = await suggest(demo, 'tor', '/en');
    expect(english.headers['retry-after']).toBe('1');
    expect(english.json()).toEqual({ code: 'too_many_requests', message: 'Too many requests in a short time. Please try again in 1 second.' });
  });

  it('counts suggestions and searches together, but not a page of the assortment without a text', async () => {
    const demo = await login(t.app, 'demo');
    expect(await statuses(8, () => browse(demo))).toEqual(Array(8).fill(200));
    expect(await statuses(2, () => suggest(demo))).toEqual([200, 200]);
    expect(await statuses(2, () => search(demo))).toEqual([200, 200]);
    expect((await suggest(demo)).statusCode).toBe(429);
    expect((await browse(demo)).statusCode).toBe(200);
  });

  it('holds in a burst: of searches at once, as many as the limit are answered', async () => {
    const demo = await login(t.app, 'demo');
    const burst = await Promise.all(Array.from({ length: limits.search + 3 }, () => search(demo)));
    const seen = burst.map((res) => res.statusCode).sort();
    expect(seen).toEqual([...Array(limits.search).fill(200), 429, 429, 429]);
  });

  it('counts per user: another customer at the same address still searches', async () => {
    const demo = await login(t.app, 'demo');
    const grooth = await login(t.app, 'grooth');
    await statuses(limits.search + 1, () => search(demo));
    expect((await search(demo)).statusCode).toBe(429);
    expect((await search(grooth)).statusCode).toBe(200);
  });

  it('limits quick order, uploads and the allergen overview each on its own', async () => {
    const demo = await login(t.app, 'demo');
    const text = { text: '1010 2' };
    expect(await statuses(2, () => unsafe(demo, '/quick-order/preview', text))).toEqual([200, 200]);
    expect((await unsafe(demo, '/quick-order/add', text)).statusCode).toBe(200);
    expect((await unsafe(demo, '/quick-order/preview', text)).statusCode).toBe(429);

    const csv = Buffer.from('Artikelnummer;Aantal\r\n1010;2\r\n');
    expect(await statuses(limits.uploads, () => unsafe(demo, '/quick-order/upload', csv, QUICK_ORDER_UPLOAD_TYPES.csv))).toEqual([200, 200]);
    expect((await unsafe(demo, '/quick-order/upload', csv, QUICK_ORDER_UPLOAD_TYPES.csv)).statusCode).toBe(429);
    // Counted before the body is read: one over the size limit is refused for the count, not read to answer 413.
    expect((await unsafe(demo, '/quick-order/upload', Buffer.alloc(3 * 1024 * 1024, 'x'), QUICK_ORDER_UPLOAD_TYPES.csv)).statusCode).toBe(429);

    const overview = () => t.app.inject({ method: 'GET', url: `${API}/food-overview?format=csv`, headers: { cookie: demo.cookie } });
    expect(await statuses(limits.foodOverview, overview)).toEqual([200, 200]);
    expect((await overview()).statusCode).toBe(429);
    // Nothing else of the customer is refused meanwhile.
    expect((await search(demo)).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `${API}/cart?_format=json`, headers: { cookie: demo.cookie } })).statusCode).toBe(200);
  });
});

describe('the rate limit of the API, per address (counted in each instance)', () => {
  it('refuses an address after its limit, not another one, and never the health check', async () => {
    expect(await statuses(limits.api, () => publicPage('192.0.2.7'))).toEqual(Array(limits.api).fill(200));
    const refused = await publicPage('192.0.2.7');
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe('60');
    expect((await publicPage('198.51.100.3')).statusCode).toBe(200);
    const health = await statuses(3, () => t.app.inject({ method: 'GET', url: `${API}/health`, remoteAddress: '192.0.2.7' }));
    expect(health).toEqual([200, 200, 200]);
    clock.advance(60 * SECOND);
    expect((await publicPage('192.0.2.7')).statusCode).toBe(200);
  });

  it('does not count what is refused before it is handled (bad input)', async () => {
    const demo = await login(t.app, 'demo');
    const bad = () => t.app.inject({ method: 'GET', url: `${API}/food-overview?format=doc`, headers: { cookie: demo.cookie } });
    expect(await statuses(limits.foodOverview + 3, bad)).toEqual(Array(limits.foodOverview + 3).fill(400));
    expect((await t.app.inject({ method: 'GET', url: `${API}/food-overview?format=csv`, headers: { cookie: demo.cookie } })).statusCode).toBe(200);
  });
});

describe('counters in the database', () => {
  it('of what costs are shared by two instances on one database', async () => {
    const other = await second.instance();
    const demo = await login(t.app, 'demo');
    expect((await search(demo, 'tortilla', '', t.app)).statusCode).toBe(200);
    expect((await search(demo, 'tortilla', '', other)).statusCode).toBe(200);
    expect((await search(demo, 'tortilla', '', t.app)).statusCode).toBe(200);
    expect((await search(demo, 'tortilla', '', other)).statusCode).toBe(200);
    expect((await search(demo, 'tortilla', '', t.app)).statusCode).toBe(429);
    expect((await search(demo, 'tortilla', '', other)).statusCode).toBe(429);
  });

  it('are deleted once their window has ended', async () => {
    const { db } = t.app.database;
    const counters = createRateLimits(db, { now: clock.now, inProcess: () => false });
    await counters.countShared('search:u:1', 60 * SECOND);
    clock.advance(30 * SECOND);
    await counters.countShared('search:u:2', 60 * SECOND);
    clock.advance(31 * SECOND);
    expect(await counters.purgeEnded()).toBe(1);
    expect((await db.select().from(rateLimitRows)).map((row) => row.key)).toEqual(['search:u:2']);
  });
});
