import type { LightMyRequestResponse } from 'fastify';
import { beforeEach, describe, expect, it } from 'vitest';
import { sessions } from '../../db/schema';
import { API, DEMO_PASSWORD, useTestApp } from '../../test/app';
import { HOUR, MINUTE, SECOND, testClock } from '../../test/clock';

/**
 * Issue 16, point 5: an absolute lifetime besides the idle one, and a 'Remember me' that means
 * something (decision 015). Defaults: idle 14 days (SESSION_TTL_HOURS 336), idle 8 hours
 * without 'Remember me' (SESSION_BROWSER_TTL_HOURS), absolute 30 days (SESSION_MAX_DAYS).
 */
const DAY = 24 * HOUR;
const clock = testClock('2031-03-11T09:00:00.000Z');
const t = useTestApp({}, { now: clock.now });
beforeEach(() => clock.reset());

const loginWith = (payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: `${API}/user/login?_format=json`, payload: { name: 'demo', pass: DEMO_PASSWORD, ...payload } });

const setCookieOf = (res: LightMyRequestResponse) => String(res.headers['set-cookie']);
const cookieOf = (res: LightMyRequestResponse) => setCookieOf(res).split(';')[0] ?? '';
const expiresOf = (res: LightMyRequestResponse) => /Expires=([^;]+)/.exec(setCookieOf(res))?.[1];

const isLoggedIn = async (cookie: string) =>
  (await t.app.inject({ url: `${API}/jsonapi/current-user`, headers: { cookie } })).statusCode === 200;

/** Uses the session every `step` until `until` has passed since now; true while it lasted. */
async function keepUsing(cookie: string, step: number, until: number): Promise<boolean> {
  for (let passed = step; passed <= until; passed += step) {
    clock.advance(step);
    if (!(await isLoggedIn(cookie))) return false;
  }
  return true;
}

describe("'Remember me' ticked (remember: true)", () => {
  it('sets a cookie that expires at the absolute lifetime, 30 days after the login', async () => {
    const res = await loginWith({ remember: true });
    expect(res.statusCode).toBe(200);
    expect(expiresOf(res)).toBe(new Date(clock.now().getTime() + 30 * DAY).toUTCString());
    expect(setCookieOf(res)).toContain('HttpOnly');
  });

  it('keeps a session in use up to 30 days, then ends it however active it is', async () => {
    const cookie = cookieOf(await loginWith({ remember: true }));
    expect(await keepUsing(cookie, 5 * DAY, 25 * DAY)).toBe(true);
    clock.advance(5 * DAY - SECOND); // 30 days minus a second after the login
    expect(await isLoggedIn(cookie)).toBe(true);
    clock.advance(SECOND);
    expect(await isLoggedIn(cookie)).toBe(false);
    // and it is gone from the database, not only refused
    expect(await t.app.database.db.select().from(sessions)).toEqual([]);
  });

  it('still ends a session left idle for the idle lifetime (14 days)', async () => {
    const cookie = cookieOf(await loginWith({ remember: true }));
    clock.advance(14 * DAY + SECOND);
    expect(await isLoggedIn(cookie)).toBe(false);
  });
});

describe("'Remember me' unticked (remember: false)", () => {
  it('sets a cookie that ends with the browser: no Expires, no Max-Age', async () => {
    const res = await loginWith({ remember: false });
    expect(res.statusCode).toBe(200);
    const header = setCookieOf(res);
    expect(header).toMatch(/^shop_sid=[\w-]{40,};/);
    expect(header).not.toMatch(/Expires=|Max-Age=/i);
    expect(header).toContain('HttpOnly');
  });

  it('ends the session after a working day idle (8 hours), but not while it is used', async () => {
    const cookie = cookieOf(await loginWith({ remember: false }));
    expect(await keepUsing(cookie, 7 * HOUR, 28 * HOUR)).toBe(true);
    clock.advance(8 * HOUR - MINUTE);
    expect(await isLoggedIn(cookie)).toBe(true);
    clock.advance(8 * HOUR + SECOND);
    expect(await isLoggedIn(cookie)).toBe(false);
  });

  it('also ends at the absolute lifetime, when a browser restores its session cookies', async () => {
    const cookie = cookieOf(await loginWith({ remember: false }));
    expect(await keepUsing(cookie, 6 * HOUR, 30 * DAY - 6 * HOUR)).toBe(true);
    clock.advance(6 * HOUR - SECOND);
    expect(await isLoggedIn(cookie)).toBe(true);
    clock.advance(SECOND);
    expect(await isLoggedIn(cookie)).toBe(false);
  });
});

describe('a client that sends only name and pass (as before the field existed)', () => {
  it('gets the cookie it got before: it expires when the idle lifetime (14 days) after the login runs out', async () => {
    const res = await loginWith({});
    expect(res.statusCode).toBe(200);
    expect(expiresOf(res)).toBe(new Date(clock.now().getTime() + 14 * DAY).toUTCString());
    const [row] = await t.app.database.db.select().from(sessions);
    expect(row).toMatchObject({ remember: null, expiresAt: new Date(clock.now().getTime() + 14 * DAY) });
  });

  it('keeps the 14 days idle lifetime, not the short one of an unticked box', async () => {
    const cookie = cookieOf(await loginWith({}));
    clock.advance(13 * DAY);
    expect(await isLoggedIn(cookie)).toBe(true);
    clock.advance(14 * DAY - MINUTE);
    expect(await isLoggedIn(cookie)).toBe(true);
    clock.advance(14 * DAY + SECOND);
    expect(await isLoggedIn(cookie)).toBe(false);
  });

  it('is held to the absolute lifetime too', async () => {
    const cookie = cookieOf(await loginWith({}));
    expect(await keepUsing(cookie, 10 * DAY, 20 * DAY)).toBe(true);
    clock.advance(10 * DAY);
    expect(await isLoggedIn(cookie)).toBe(false);
  });
});

describe('session lifetime rules', () => {
  it('refuses a remember that is not true or false', async () => {
    for (const remember of ['yes', 1, null]) {
      const res = await loginWith({ remember });
      expect(res.statusCode).toBe(400);
      expect(res.headers['set-cookie']).toBeUndefined();
    }
  });

  it('lets a masquerade keep the staff login: it neither outlives it nor turns the browser cookie into a lasting one', async () => {
    const staff = await t.app.inject({
      method: 'POST',
      url: `${API}/user/login?_format=json`,
      payload: { name: 'staff', pass: DEMO_PASSWORD, remember: false },
    });
    clock.advance(2 * HOUR);
    const masquerade = await t.app.inject({
      method: 'POST',
      url: `${API}/api/staff/masquerade/1`,
      headers: { cookie: cookieOf(staff), 'x-csrf-token': staff.json().csrf_token },
    });
    expect(masquerade.statusCode).toBe(200);
    expect(setCookieOf(masquerade)).not.toMatch(/Expires=|Max-Age=/i);
    const [row] = await t.app.database.db.select().from(sessions);
    expect(row).toMatchObject({ userId: 1, masqueradeFromUserId: 6, remember: false, createdAt: new Date('2031-03-11T09:00:00.000Z') });
  });

  it('purges sessions past their absolute lifetime, also when their idle expiry lies further', async () => {
    const cookie = cookieOf(await loginWith({ remember: true }));
    const { db } = t.app.database;
    // As if SESSION_MAX_DAYS was lowered after the login: the login was 31 days ago.
    await db.update(sessions).set({ createdAt: new Date(clock.now().getTime() - 31 * DAY) });
    expect(await t.app.sessions.purgeExpired()).toBe(1);
    expect(await isLoggedIn(cookie)).toBe(false);
  });
});
