import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { floodEvents } from '../../db/schema';
import { API, DEMO_PASSWORD, useTestApp } from '../../test/app';
import { HOUR, MINUTE, SECOND, testClock } from '../../test/clock';

const clock = testClock('2031-03-11T09:00:00.000Z');
const t = useTestApp({}, { now: clock.now });
beforeEach(() => clock.reset());

const ACCOUNT_BLOCKED_EN =
  'There have been more than 5 failed login attempts for this account. It is temporarily blocked. Try again later or request a new password.';
const IP_BLOCKED_EN =
  'Too many failed login attempts from your IP address. This IP address is temporarily blocked. Try again later or request a new password.';

const loginAs = (name: string, pass: string, { ip = '127.0.0.1', prefix = '' } = {}) =>
  t.app.inject({
    method: 'POST',
    url: `${API}${prefix}/user/login?_format=json`,
    remoteAddress: ip,
    payload: { name, pass },
  });

const requestReset = (name: string, { ip = '127.0.0.1', prefix = '' } = {}) =>
  t.app.inject({ method: 'POST', url: `${API}${prefix}/user/password?_format=json`, remoteAddress: ip, payload: { name } });

async function failLogins(name: string, times: number, ip = '127.0.0.1') {
  for (let i = 0; i < times; i++) expect((await loginAs(name, `wrong-${i}`, { ip })).statusCode).toBe(400);
}

describe('flood control of logins per account (5 failures in 6 hours)', () => {
  it('blocks the account after 5 failed logins, even with the right password, with a clear 429', async () => {
    await failLogins('demo', 5);
    const blocked = await loginAs('demo', DEMO_PASSWORD, { prefix: '/en' });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ code: 'login_blocked', message: ACCOUNT_BLOCKED_EN });
    expect(blocked.headers['set-cookie']).toBeUndefined();

    const dutch = await loginAs('DEMO', DEMO_PASSWORD);
    expect(dutch.statusCode).toBe(429);
    expect(dutch.json().message).toBe(
      'Er zijn meer dan 5 mislukte inlogpogingen geweest voor dit account. Het account is tijdelijk geblokkeerd. Probeer het later opnieuw of vraag een nieuw wachtwoord aan.',
    );
    // Another account from the same IP is not affected.
    expect((await loginAs('demo-en', DEMO_PASSWORD)).statusCode).toBe(200);
  });

  it('lets the account in again once the oldest failures are more than 6 hours old', async () => {
    await failLogins('demo', 3);
    clock.advance(5 * HOUR);
    await failLogins('demo', 2);
    expect((await loginAs('demo', DEMO_PASSWORD)).statusCode).toBe(429);

    clock.advance(1 * HOUR - SECOND); // the first three are 6 h minus a second old: still counted
    expect((await loginAs('demo', DEMO_PASSWORD)).statusCode).toBe(429);
    clock.advance(2 * SECOND);
    expect((await loginAs('demo', DEMO_PASSWORD)).statusCode).toBe(200);
  });

  it('clears the account count at a successful login', async () => {
    await failLogins('demo', 4);
    expect((await loginAs('demo', DEMO_PASSWORD)).statusCode).toBe(200);
    await failLogins('demo', 4);
    expect((await loginAs('demo', DEMO_PASSWORD)).statusCode).toBe(200);
  });

  it('counts failures per account in the database, and failures of unknown names only against the IP', async () => {
    await failLogins('demo', 2);
    await failLogins('nobody-by-this-name', 3);
    const rows = await t.app.database.db.select().from(floodEvents);
    expect(rows.filter((r) => r.event === 'login.account')).toEqual([
      expect.objectContaining({ identifier: '1-127.0.0.1' }),
      expect.objectContaining({ identifier: '1-127.0.0.1' }),
    ]);
    expect(rows.filter((r) => r.event === 'login.ip' && r.identifier === '127.0.0.1')).toHaveLength(5);
  });
});

describe('flood control against guessing in parallel and against lock-outs', () => {
  it('lets no burst of simultaneous wrong passwords past the account limit', async () => {
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => loginAs('demo', `burst-${i}`)));
    const statuses = answers.map((a) => a.statusCode);
    // At most 5 guesses were checked; the rest were refused before any password check. Which
    // ones got through depends on timing (a burst may even be refused whole).
    const checked = statuses.filter((s) => s === 400).length;
    expect(checked).toBeLessThanOrEqual(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(12 - checked);
    // Every checked guess counts: together with later ones, never more than 5 in the window.
    await failLogins('demo', 5 - checked);
    expect((await loginAs('demo', DEMO_PASSWORD)).statusCode).toBe(429);
  });

  it('does not let a stranger lock a customer out: the account counts per account and IP', async () => {
    await failLogins('demo', 5, '203.0.113.9');
    expect((await loginAs('demo', DEMO_PASSWORD, { ip: '203.0.113.9' })).statusCode).toBe(429);
    expect((await loginAs('demo', DEMO_PASSWORD, { ip: '198.51.100.7' })).statusCode).toBe(200);
  });

  it('lets correct logins of one account in parallel all succeed', async () => {
    const answers = await Promise.all(Array.from({ length: 8 }, () => loginAs('demo', DEMO_PASSWORD)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(8).fill(200));
  });

  it('takes a successful login back out of the IP count', async () => {
    await loginAs('demo', DEMO_PASSWORD);
    const rows = await t.app.database.db.select().from(floodEvents);
    expect(rows).toEqual([]);
  });
});

describe('flood control of logins per IP (50 failures in an hour)', () => {
  it('blocks the IP after 50 failed logins for everyone from it, for an hour', async () => {
    const ip = '203.0.113.7';
    for (let i = 0; i < 50; i++) {
      expect((await loginAs(`nobody-${i}`, 'wrong', { ip })).statusCode).toBe(400);
    }
    const blocked = await loginAs('demo', DEMO_PASSWORD, { ip, prefix: '/en' });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ code: 'login_blocked_ip', message: IP_BLOCKED_EN });
    expect((await loginAs('demo', DEMO_PASSWORD, { ip })).json().message).toMatch(/^Te veel mislukte inlogpogingen vanaf je IP-adres/);

    // Other addresses are not blocked.
    expect((await loginAs('demo', DEMO_PASSWORD, { ip: '198.51.100.3' })).statusCode).toBe(200);

    clock.advance(HOUR + SECOND);
    expect((await loginAs('demo', DEMO_PASSWORD, { ip })).statusCode).toBe(200);
  });
});

describe('flood control of logins per IP under a burst (issue 16)', () => {
  it('checks at most 50 passwords when 80 logins for 80 names arrive at once from one IP', async () => {
    const ip = '203.0.113.80';
    const names = ['demo', 'demo-en', 'grooth', 'ghint', 'norelation', 'staff'];
    while (names.length < 80) names.push(`nobody-${names.length}`);
    const answers = await Promise.all(names.map((name) => loginAs(name, 'wrong-password', { ip })));
    // Every attempt is claimed in the database before its password is checked: 50 are checked
    // (and fail, 400), the other 30 are refused without a check (429).
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 400)).toHaveLength(50);
    expect(statuses.filter((s) => s === 429)).toHaveLength(30);
    for (const refused of answers.filter((a) => a.statusCode === 429)) expect(refused.json().code).toBe('login_blocked_ip');

    const rows = await t.app.database.db.select().from(floodEvents).where(eq(floodEvents.identifier, ip));
    expect(rows).toHaveLength(50);
    // The IP is blocked, also for the right password; other addresses are not.
    expect((await loginAs('demo', DEMO_PASSWORD, { ip })).statusCode).toBe(429);
    expect((await loginAs('demo', DEMO_PASSWORD, { ip: '198.51.100.80' })).statusCode).toBe(200);
  });

  it('still lets a burst of correct logins from one IP in, and takes them out of the count', async () => {
    const names = ['demo', 'demo-en', 'grooth', 'ghint', 'norelation', 'staff'];
    const answers = await Promise.all(names.flatMap((name) => [1, 2, 3].map(() => loginAs(name, DEMO_PASSWORD))));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(18).fill(200));
    expect(await t.app.database.db.select().from(floodEvents)).toEqual([]);
  });
});

describe('flood control of password-reset requests', () => {
  it('allows 5 requests per account in 6 hours, then answers 429 and sends no more mails', async () => {
    for (let i = 0; i < 5; i++) expect((await requestReset(i % 2 ? 'demo' : 'demo@example.nl')).statusCode).toBe(200);
    expect(t.mailer.sent).toHaveLength(5);

    const blocked = await requestReset('demo', { prefix: '/en' });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({
      code: 'password_reset_blocked',
      message: 'Too many password recovery requests for this account. It is temporarily blocked. Try again later or contact us.',
    });
    expect(t.mailer.sent).toHaveLength(5);
    // Other accounts can still ask.
    expect((await requestReset('demo-en')).statusCode).toBe(200);

    clock.advance(6 * HOUR + SECOND);
    expect((await requestReset('demo')).statusCode).toBe(200);
    expect(t.mailer.sent).toHaveLength(7);
  });

  it('allows 50 requests per IP in an hour, known names or not', async () => {
    const ip = '203.0.113.9';
    for (let i = 0; i < 50; i++) expect((await requestReset(`nobody-${i}`, { ip })).statusCode).toBe(400);
    const blocked = await requestReset('demo', { ip });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().code).toBe('password_reset_blocked_ip');
    expect(blocked.json().message).toMatch(/^Er is te vaak een nieuw wachtwoord aangevraagd vanaf je IP-adres/);
    expect(t.mailer.sent).toHaveLength(0);

    expect((await requestReset('demo', { ip: '198.51.100.4' })).statusCode).toBe(200);
    clock.advance(HOUR + SECOND);
    expect((await requestReset('demo', { ip })).statusCode).toBe(200);
  });
});

describe('flood events table', () => {
  it('purges expired events now and then, when new ones come in', async () => {
    await failLogins('demo', 3);
    const { db } = t.app.database;
    expect(await db.select().from(floodEvents).where(eq(floodEvents.event, 'login.account'))).toHaveLength(3);

    clock.advance(6 * HOUR + MINUTE);
    await failLogins('demo-en', 1);
    const left = await db.select().from(floodEvents);
    // The old login.account and login.ip rows have expired and are gone; the new ones remain.
    expect(left.map((r) => [r.event, r.identifier]).sort()).toEqual([
      ['login.account', '2-127.0.0.1'],
      ['login.ip', '127.0.0.1'],
    ]);
  });
});
