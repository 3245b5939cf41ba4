import { eq } from 'drizzle-orm';
import { sessions } from '../../db/schema';
import { describe, expect, it } from 'vitest';
import { API, login, sessionCookie, useTestApp } from '../../test/app';

const t = useTestApp();

const loginAs = (name: string, pass: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: `${API}/user/login?_format=json`, headers, payload: { name, pass } });

const currentUser = (cookie?: string) =>
  t.app.inject({
    url: `${API}/jsonapi/current-user?jsonapi_include=1&include=active_relation`,
    headers: cookie ? { cookie } : {},
  });

describe('login', () => {
  it('answers current_user, csrf_token and logout_token and sets an HttpOnly, SameSite=Lax session cookie', async () => {
    const res = await loginAs('demo', 'demo1234');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.current_user).toMatchObject({ name: 'demo', roles: ['authenticated', 'customer'] });
    expect(body.current_user.uid).toMatch(/^\d+$/);
    expect(body.csrf_token).toMatch(/^[\w-]{40,}$/);
    expect(body.logout_token).toMatch(/^[\w-]{40,}$/);
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(/^shop_sid=[\w-]{40,};/);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Lax');
    expect(cookie).toContain('Path=/');
  });

  it('accepts the login name in any case', async () => {
    expect((await loginAs('DEMO', 'demo1234')).statusCode).toBe(200);
  });

  it.each([
    ['demo', 'wrong-password'],
    ['nobody-by-this-name', 'demo1234'],
    ['demo', 'DEMO1234'],
  ])('refuses %s with a wrong password or unknown name, without a cookie', async (name, pass) => {
    const res = await loginAs(name, pass);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 'login_failed', message: 'Onbekende gebruikersnaam of onjuist wachtwoord.' });
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('starts a new session at every login and ends the one the browser had', async () => {
    const first = await login(t.app, 'demo');
    const again = await loginAs('demo', 'demo1234', { cookie: first.cookie });
    expect(again.statusCode).toBe(200);
    const second = sessionCookie(again);
    expect(second).not.toBe(first.cookie);
    expect((await currentUser(first.cookie)).statusCode).toBe(403);
    expect((await currentUser(second)).statusCode).toBe(200);
  });
});

describe('current user', () => {
  it('answers the fields of spec section 3 with the active relation folded in', async () => {
    const { cookie } = await login(t.app, 'demo');
    const res = await currentUser(cookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/vnd.api+json');
    const { data } = res.json();
    expect(data).toMatchObject({
      type: 'user--user',
      name: 'demo',
      is_masquerading: false,
      active_relation: { type: 'relation--relation', pricelist: 'STANDAARD', langcode: 'nl' },
    });
    expect(data.drupal_internal__uid).toBeTypeOf('number');
    expect(data.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(data.display_name.length).toBeGreaterThan(0);
    expect(data.active_relation.drupal_internal__id).toBeTypeOf('number');
    expect(data.active_relation.id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('shows each demo account with its own relation', async () => {
    const en = (await currentUser((await login(t.app, 'demo-en')).cookie)).json().data;
    expect(en.active_relation.langcode).toBe('en');
    const grooth = (await currentUser((await login(t.app, 'grooth')).cookie)).json().data;
    expect(grooth.active_relation.pricelist).toBe('GROOTH');
    const none = (await currentUser((await login(t.app, 'norelation')).cookie)).json().data;
    expect(none.active_relation).toBeNull();
    const staff = (await currentUser((await login(t.app, 'staff')).cookie)).json().data;
    expect(staff.roles).toContain('staff');
    expect(staff.active_relation).toBeNull();
  });

  it('is forbidden without a session, or with a made-up cookie', async () => {
    for (const cookie of [undefined, 'shop_sid=made-up-token', `shop_sid=${'x'.repeat(500)}`]) {
      const res = await currentUser(cookie);
      expect(res.statusCode).toBe(403);
      expect(res.json().errors[0]).toMatchObject({ status: '403', detail: 'Log in om verder te gaan.' });
    }
  });
});

describe('logout', () => {
  it('destroys the session on the server and clears the cookie', async () => {
    const { cookie } = await login(t.app, 'demo');
    const res = await t.app.inject({ url: `${API}/user/cb-logout?_format=json`, headers: { cookie } });
    expect(res.statusCode).toBe(204);
    expect(String(res.headers['set-cookie'])).toMatch(/^shop_sid=;.*Expires=Thu, 01 Jan 1970/);
    // Replaying the old cookie gets nothing: the session is gone server-side, not just in the browser.
    expect((await currentUser(cookie)).statusCode).toBe(403);
  });

  it('refuses a logout the browser marks as started by another site, and the session stays', async () => {
    const { cookie } = await login(t.app, 'demo');
    const res = await t.app.inject({
      url: `${API}/en/user/cb-logout?_format=json`,
      headers: { cookie, 'sec-fetch-site': 'cross-site', referer: 'https://evil.example/page' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ message: 'Log out from the shop itself.' });
    expect(res.headers['set-cookie']).toBeUndefined();
    expect((await currentUser(cookie)).statusCode).toBe(200);
    // the shop's own pages (same-origin) log out as before
    const own = await t.app.inject({ url: `${API}/user/cb-logout?_format=json`, headers: { cookie, 'sec-fetch-site': 'same-origin' } });
    expect(own.statusCode).toBe(204);
    expect((await currentUser(cookie)).statusCode).toBe(403);
  });

  it('works under the /en prefix and without a session', async () => {
    const res = await t.app.inject({ url: `${API}/en/user/cb-logout?_format=json` });
    expect(res.statusCode).toBe(204);
  });
});

describe('expired sessions', () => {
  it('are purged through the app (as main.ts does every hour), live ones stay', async () => {
    const live = await login(t.app, 'demo');
    const old = await login(t.app, 'demo-en');
    const { db } = t.app.database;
    // Age the demo-en session past its expiry.
    await db.update(sessions).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(sessions.userId, 2));
    expect(await t.app.sessions.purgeExpired()).toBe(1);
    expect((await currentUser(live.cookie)).statusCode).toBe(200);
    expect((await currentUser(old.cookie)).statusCode).toBe(403);
  });
});

describe('sessions of requests that arrive together (one statement, decision 013)', () => {
  it('gives each request its own session, and none to an unknown or ended one', async () => {
    const { db } = t.app.database;
    const demo = await login(t.app, 'demo');
    const staff = await login(t.app, 'staff');
    const before = new Set((await db.select({ id: sessions.id }).from(sessions)).map((r) => r.id));
    const ended = await login(t.app, 'demo');
    const endedId = (await db.select({ id: sessions.id }).from(sessions)).find((r) => !before.has(r.id))!.id;
    await db.delete(sessions).where(eq(sessions.id, endedId));
    const cookies = [demo.cookie, staff.cookie, 'shop_sid=unknown-token', ended.cookie, demo.cookie, staff.cookie];
    const answers = await Promise.all(cookies.map((cookie) => currentUser(cookie)));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 403, 403, 200, 200]);
    expect(answers.filter((a) => a.statusCode === 200).map((a) => a.json().data.name)).toEqual(['demo', 'staff', 'demo', 'staff']);
  });
});
