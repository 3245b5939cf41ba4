import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { masqueradeResponse } from '../../../shared/api/staff';
import { masqueradeLog, users } from '../../db/schema';
import { API, login, type Session, sessionCookie, useTestApp } from '../../test/app';
import { deleteSessionsOfUser } from '../auth/session.repository';

const t = useTestApp();

const DEMO_ID = 1;
const STAFF_ID = 6;

const startMasquerade = (userId: number | string, session?: Partial<Session>) =>
  t.app.inject({
    method: 'POST',
    url: `${API}/api/staff/masquerade/${userId}`,
    headers: {
      ...(session?.cookie ? { cookie: session.cookie } : {}),
      ...(session?.csrf ? { 'x-csrf-token': session.csrf } : {}),
    },
  });

const currentUser = (cookie: string) =>
  t.app.inject({ url: `${API}/jsonapi/current-user?jsonapi_include=1&include=active_relation`, headers: { cookie } });

const switchBack = (cookie?: string, headers: Record<string, string> = {}, prefix = '') =>
  t.app.inject({ url: `${API}${prefix}/switch-back`, headers: { ...(cookie ? { cookie } : {}), ...headers } });

const logRows = () =>
  t.app.database.db
    .select({
      staffUserId: masqueradeLog.staffUserId,
      customerUserId: masqueradeLog.customerUserId,
      action: masqueradeLog.action,
      ip: masqueradeLog.ip,
    })
    .from(masqueradeLog)
    .orderBy(asc(masqueradeLog.id));

/** Staff logs in and masquerades as demo; answers both sessions. */
async function masqueradeAsDemo() {
  const staff = await login(t.app, 'staff');
  const res = await startMasquerade(DEMO_ID, staff);
  expect(res.statusCode, res.body).toBe(200);
  const customer: Session = { cookie: sessionCookie(res), csrf: res.json().csrf_token };
  return { staff, customer, res };
}

describe('starting a masquerade', () => {
  it('gives staff a new session as the customer, answers like login and logs the start', async () => {
    const { staff, customer, res } = await masqueradeAsDemo();
    const body = masqueradeResponse.parse(res.json());
    expect(body.current_user).toEqual({ uid: String(DEMO_ID), name: 'demo', roles: ['authenticated', 'customer'] });
    expect(body.csrf_token).not.toBe(staff.csrf);
    expect(body.logout_token).toMatch(/^[\w-]{40,}$/);
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Lax');
    expect(customer.cookie).not.toBe(staff.cookie);

    // The staff session has ended; the new one is the customer's, marked as a masquerade.
    expect((await currentUser(staff.cookie)).statusCode).toBe(403);
    const me = await currentUser(customer.cookie);
    expect(me.statusCode).toBe(200);
    expect(me.json().data).toMatchObject({
      drupal_internal__uid: DEMO_ID,
      name: 'demo',
      display_name: 'Sanne de Vries',
      is_masquerading: true,
      roles: ['authenticated', 'customer'],
      active_relation: { name: 'Restaurant La Catrina', pricelist: 'STANDAARD', langcode: 'nl' },
    });
    expect(await logRows()).toEqual([{ staffUserId: STAFF_ID, customerUserId: DEMO_ID, action: 'start', ip: '127.0.0.1' }]);
  });

  it('needs the CSRF token of the staff session', async () => {
    const staff = await login(t.app, 'staff');
    for (const csrf of [undefined, 'not-the-token']) {
      const res = await startMasquerade(DEMO_ID, { cookie: staff.cookie, csrf });
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('csrf_token_invalid');
    }
    expect(okUser(await currentUser(staff.cookie))).toMatchObject({ name: 'staff', is_masquerading: false });
    expect(await logRows()).toEqual([]);
  });

  it('is refused to customers and anonymous callers', async () => {
    const demo = await login(t.app, 'demo');
    const asCustomer = await startMasquerade(2, demo);
    expect(asCustomer.statusCode).toBe(403);
    expect(asCustomer.json().code).toBe('staff_only');
    expect(asCustomer.headers['set-cookie']).toBeUndefined();
    expect(okUser(await currentUser(demo.cookie))).toMatchObject({ name: 'demo', is_masquerading: false });
    expect((await startMasquerade(2)).statusCode).toBe(403);
    expect(await logRows()).toEqual([]);
  });

  it('never makes anyone a staff user: staff targets are refused', async () => {
    const { db } = t.app.database;
    const [other] = await db
      .insert(users)
      .values({ name: 'staff-two', mail: 'staff-two@example.nl', roles: ['staff'] })
      .returning({ id: users.id });
    const staff = await login(t.app, 'staff');
    for (const target of [other?.id ?? 0, STAFF_ID]) {
      const res = await startMasquerade(target, staff);
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('masquerade.target_is_staff');
    }
    expect(okUser(await currentUser(staff.cookie))).toMatchObject({ name: 'staff', is_masquerading: false });
    expect(await logRows()).toEqual([]);
  });

  it('answers 404 for an unknown or inactive user, 400 for an id that is not one', async () => {
    await t.app.database.db.update(users).set({ active: false }).where(eq(users.name, 'grooth'));
    const staff = await login(t.app, 'staff');
    for (const target of [999_999, 3]) {
      const res = await startMasquerade(target, staff);
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('masquerade.user_not_found');
    }
    for (const target of ['abc', '0', '-1', '1.5', '99999999999']) {
      const res = await startMasquerade(target, staff);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('invalid_input');
    }
    expect(okUser(await currentUser(staff.cookie))).toMatchObject({ name: 'staff' });
    expect(await logRows()).toEqual([]);
  });

  it('keeps staff routes out of reach while masquerading', async () => {
    const { customer } = await masqueradeAsDemo();
    const again = await startMasquerade(2, customer);
    expect(again.statusCode).toBe(403);
    const listing = await t.app.inject({ url: `${API}/api/staff/customers`, headers: { cookie: customer.cookie } });
    expect(listing.statusCode).toBe(403);
    expect(okUser(await currentUser(customer.cookie))).toMatchObject({ name: 'demo', is_masquerading: true });
    expect((await logRows()).map((r) => r.action)).toEqual(['start']);
  });
});

describe('switching back', () => {
  it('ends the masquerade: staff again with a new cookie, the old one dead, an end row, a redirect to the customers page', async () => {
    const { customer } = await masqueradeAsDemo();
    const res = await switchBack(customer.cookie, { 'sec-fetch-site': 'same-origin' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(`${t.app.config.publicUrl}/nl/staff/customers`);
    const staffCookie = sessionCookie(res);
    expect(staffCookie).not.toBe(customer.cookie);
    expect((await currentUser(customer.cookie)).statusCode).toBe(403);
    expect(okUser(await currentUser(staffCookie))).toMatchObject({
      drupal_internal__uid: STAFF_ID,
      name: 'staff',
      is_masquerading: false,
      active_relation: null,
    });
    expect(await logRows()).toEqual([
      { staffUserId: STAFF_ID, customerUserId: DEMO_ID, action: 'start', ip: '127.0.0.1' },
      { staffUserId: STAFF_ID, customerUserId: DEMO_ID, action: 'end', ip: '127.0.0.1' },
    ]);
    // Staff may list customers again.
    const listing = await t.app.inject({ url: `${API}/api/staff/customers`, headers: { cookie: staffCookie } });
    expect(listing.statusCode).toBe(200);
  });

  it('goes back to the English customers page under /en', async () => {
    const { customer } = await masqueradeAsDemo();
    const res = await switchBack(customer.cookie, {}, '/en');
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(`${t.app.config.publicUrl}/en/staff/customers`);
  });

  it('sends a session that is not masquerading to the assortment and changes nothing', async () => {
    for (const name of ['staff', 'demo']) {
      const session = await login(t.app, name);
      const res = await switchBack(session.cookie, {}, '/en');
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe(`${t.app.config.publicUrl}/en/assortment`);
      expect(res.headers['set-cookie']).toBeUndefined();
      expect(okUser(await currentUser(session.cookie))).toMatchObject({ name, is_masquerading: false });
    }
    expect(await logRows()).toEqual([]);
  });

  it('sends anonymous visitors to the login page', async () => {
    const res = await switchBack();
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(`${t.app.config.publicUrl}/user/login`);
  });

  it('refuses a navigation started by another site and stays masquerading', async () => {
    const { customer } = await masqueradeAsDemo();
    const res = await switchBack(customer.cookie, { 'sec-fetch-site': 'cross-site', referer: 'https://evil.example/' });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('masquerade.cross_site');
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(okUser(await currentUser(customer.cookie))).toMatchObject({ name: 'demo', is_masquerading: true });
    expect((await logRows()).map((r) => r.action)).toEqual(['start']);
  });
});

/** The current-user record of a 200 answer (fails the test on anything else). */
function okUser(res: Awaited<ReturnType<typeof currentUser>>) {
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

describe('logging out while masquerading', () => {
  it('ends the masquerade in the log too, and leaves no session behind', async () => {
    const { customer } = await masqueradeAsDemo();
    const res = await t.app.inject({ url: `${API}/user/cb-logout?_format=json`, headers: { cookie: customer.cookie } });
    expect(res.statusCode).toBe(204);
    expect(await logRows()).toEqual([
      { staffUserId: STAFF_ID, customerUserId: DEMO_ID, action: 'start', ip: '127.0.0.1' },
      { staffUserId: STAFF_ID, customerUserId: DEMO_ID, action: 'end', ip: '127.0.0.1' },
    ]);
    expect((await currentUser(customer.cookie)).statusCode).toBe(403);
  });

  it('writes nothing to the masquerade log for an ordinary logout', async () => {
    const demo = await login(t.app, 'demo');
    const res = await t.app.inject({ url: `${API}/user/cb-logout?_format=json`, headers: { cookie: demo.cookie } });
    // A logout that happened: its session is gone.
    expect(res.statusCode).toBe(204);
    expect((await currentUser(demo.cookie)).statusCode).toBe(403);
    expect(await logRows()).toEqual([]);
  });
});

describe('a masquerade depends on the staff user behind it', () => {
  it('ends when the staff user is blocked or loses the staff role', async () => {
    for (const change of [{ active: false }, { roles: ['customer'] }]) {
      await t.app.database.db.update(users).set({ active: true, roles: ['staff', 'staff_admin'] }).where(eq(users.id, STAFF_ID));
      const { customer } = await masqueradeAsDemo();
      await t.app.database.db.update(users).set(change).where(eq(users.id, STAFF_ID));
      expect((await currentUser(customer.cookie)).statusCode, JSON.stringify(change)).toBe(403);
    }
  });

  it('ends when the staff user\'s sessions are ended (e.g. a password change)', async () => {
    const { customer } = await masqueradeAsDemo();
    await deleteSessionsOfUser(t.app.database.db, STAFF_ID);
    expect((await currentUser(customer.cookie)).statusCode).toBe(403);
    // Nothing is left to switch back from: no staff session can be made from it.
    const back = await switchBack(customer.cookie);
    expect(back.headers.location).toMatch(/\/user\/login$/);
  });
});
