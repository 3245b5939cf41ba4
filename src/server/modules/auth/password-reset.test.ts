import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { API, DEMO_PASSWORD, login, post, useTestApp } from '../../test/app';
import { HOUR, MINUTE, SECOND, testClock } from '../../test/clock';

const clock = testClock('2031-03-11T09:00:00.000Z');
const t = useTestApp({ publicUrl: 'https://shop.example', shopName: 'Casa Maíz' }, { now: clock.now });
beforeEach(() => clock.reset());

const NEW_PASSWORD = 'tortilla-2031';

const requestReset = (name: unknown, prefix = '') =>
  t.app.inject({ method: 'POST', url: `${API}${prefix}/user/password?_format=json`, payload: { name } });

interface Link {
  url: string;
  uid: string;
  timestamp: string;
  hash: string;
}

/** The reset link of the last mail sent. */
function lastLink(): Link {
  const mail = t.mailer.sent.at(-1);
  const match = /(https:\/\/shop\.example\/(?:nl|en)\/user\/password\/reset\/(\d+)\/(\d+)\/([\w-]+))/.exec(mail?.text ?? '');
  if (!match) throw new Error(`no reset link in ${mail?.text}`);
  return { url: match[1]!, uid: match[2]!, timestamp: match[3]!, hash: match[4]! };
}

async function mailedLink(name = 'demo'): Promise<Link> {
  expect((await requestReset(name)).statusCode).toBe(200);
  return lastLink();
}

const reset = (link: Pick<Link, 'uid' | 'timestamp' | 'hash'>, payload: unknown, headers: Record<string, string> = {}, prefix = '') =>
  t.app.inject({
    method: 'POST',
    url: `${API}${prefix}/api/reset-password/${link.uid}/${link.timestamp}/${link.hash}`,
    headers,
    payload: payload as object,
  });

const canLogin = async (name: string, pass: string) =>
  (await t.app.inject({ method: 'POST', url: `${API}/user/login?_format=json`, payload: { name, pass } })).statusCode === 200;

const passwordHashOf = async (id: number) =>
  (await t.app.database.db.select({ pass: users.pass }).from(users).where(eq(users.id, id)))[0]?.pass;

describe('forgotten password: POST {prefix}/user/password', () => {
  it('mails a known user a reset link in their language, with the shop name, and answers {}', async () => {
    const res = await requestReset('demo');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({});
    expect(t.mailer.sent).toHaveLength(1);
    const mail = t.mailer.sent[0]!;
    expect(mail.to).toBe('demo@example.nl');
    expect(mail.subject).toBe('Nieuwe inloggegevens voor Sanne de Vries bij Casa Maíz');
    expect(mail.text).toContain('Beste Sanne de Vries,');
    const link = lastLink();
    expect(link.url).toBe(`https://shop.example/nl/user/password/reset/1/${clock.seconds()}/${link.hash}`);
    expect(link.hash).toMatch(/^[\w-]{43}$/);
  });

  it('writes to an English user in English with an /en link, whatever the language of the call', async () => {
    expect((await requestReset('demo-en')).statusCode).toBe(200);
    const mail = t.mailer.sent[0]!;
    expect(mail.to).toBe('demo-en@example.nl');
    expect(mail.subject).toBe('Replacement login information for Lucía Hernández at Casa Maíz');
    expect(lastLink().url).toMatch(/^https:\/\/shop\.example\/en\/user\/password\/reset\/2\//);

    expect((await requestReset('demo', '/en')).statusCode).toBe(200);
    expect(t.mailer.sent[1]!.subject).toMatch(/^Nieuwe inloggegevens/);
  });

  it('finds the user by login name in any case, and by e-mail address', async () => {
    for (const name of ['DEMO', ' Demo ', 'demo@example.nl', 'DEMO@EXAMPLE.NL']) {
      expect((await requestReset(name)).statusCode).toBe(200);
    }
    expect(t.mailer.sent.map((m) => m.to)).toEqual(Array(4).fill('demo@example.nl'));
  });

  it('answers 400 with a message and sends no mail for an unknown or blocked user', async () => {
    const unknown = await requestReset('nobody-by-this-name');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ code: 'unknown_user', message: 'Onbekende gebruikersnaam of onbekend e-mailadres.' });
    expect((await requestReset('nobody@example.nl', '/en')).json().message).toBe('Unrecognized username or email address.');

    await t.app.database.db.update(users).set({ active: false }).where(eq(users.name, 'grooth'));
    expect((await requestReset('grooth')).statusCode).toBe(400);
    expect(t.mailer.sent).toHaveLength(0);
  });

  it.each([
    ['no name', {}],
    ['an empty name', { name: '   ' }],
    ['a number', { name: 42 }],
    ['a list', { name: ['demo'] }],
    ['a huge name', { name: 'd'.repeat(10_000) }],
  ])('refuses %s with a 400 and sends nothing', async (_what, payload) => {
    const res = await t.app.inject({ method: 'POST', url: `${API}/user/password?_format=json`, payload });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('invalid_input');
    expect(t.mailer.sent).toHaveLength(0);
  });

  it('needs ?_format=json and a JSON body', async () => {
    expect((await t.app.inject({ method: 'POST', url: `${API}/user/password`, payload: { name: 'demo' } })).statusCode).toBe(400);
    const text = await post(t.app, '/user/password?_format=json', 'demo', { 'content-type': 'text/plain' });
    expect(text.statusCode).toBe(400);
    expect(t.mailer.sent).toHaveLength(0);
  });
});

describe('reset password: POST /api/reset-password/{user}/{timestamp}/{hash}', () => {
  it('sets the new password with a valid link and ends every session of the user', async () => {
    const session = await login(t.app, 'demo');
    clock.advance(MINUTE);
    const link = await mailedLink();
    const res = await reset(link, { pass: NEW_PASSWORD, passConfirm: NEW_PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { status: 1 } });

    const stored = await passwordHashOf(1);
    expect(stored).toMatch(/^\$argon2id\$/);
    const me = await t.app.inject({ url: `${API}/jsonapi/current-user`, headers: { cookie: session.cookie } });
    expect(me.statusCode).toBe(403);
    expect(await canLogin('demo', DEMO_PASSWORD)).toBe(false);
    expect(await canLogin('demo', NEW_PASSWORD)).toBe(true);
  });

  it('refuses the same link a second time', async () => {
    const link = await mailedLink();
    expect((await reset(link, { pass: NEW_PASSWORD, passConfirm: NEW_PASSWORD })).statusCode).toBe(200);
    const again = await reset(link, { pass: 'another-one', passConfirm: 'another-one' });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({
      data: { status: 0 },
      code: 'reset_link_invalid',
      message: 'Deze link om je wachtwoord opnieuw in te stellen is ongeldig of al gebruikt. Vraag een nieuwe aan.',
    });
    expect(await canLogin('demo', NEW_PASSWORD)).toBe(true);
  });

  it('is valid for 24 hours and expired after that', async () => {
    const link = await mailedLink();
    const before = await passwordHashOf(1);
    clock.advance(24 * HOUR + SECOND);
    const late = await reset(link, { pass: NEW_PASSWORD, passConfirm: NEW_PASSWORD }, {}, '/en');
    expect(late.statusCode).toBe(400);
    expect(late.json()).toEqual({
      data: { status: 0 },
      code: 'reset_link_expired',
      message: 'This password reset link has expired. Request a new one.',
    });
    expect(await passwordHashOf(1)).toBe(before);

    clock.reset();
    const fresh = await mailedLink();
    clock.advance(24 * HOUR);
    expect((await reset(fresh, { pass: NEW_PASSWORD, passConfirm: NEW_PASSWORD })).json()).toEqual({ data: { status: 1 } });
  });

  it('dies when the user logs in after it was mailed', async () => {
    const link = await mailedLink();
    clock.advance(MINUTE);
    await login(t.app, 'demo');
    const res = await reset(link, { pass: NEW_PASSWORD, passConfirm: NEW_PASSWORD });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('reset_link_invalid');
    expect(await canLogin('demo', DEMO_PASSWORD)).toBe(true);
  });

  it('dies when the password is changed on the account page', async () => {
    const session = await login(t.app, 'demo');
    clock.advance(MINUTE);
    const link = await mailedLink();
    const change = await post(t.app, '/api/account/change-password', { current: DEMO_PASSWORD, new: NEW_PASSWORD, repeat: NEW_PASSWORD }, { cookie: session.cookie, 'x-csrf-token': session.csrf });
    expect(change.json()).toEqual({ status: 1 });
    const res = await reset(link, { pass: 'another-one', passConfirm: 'another-one' });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('reset_link_invalid');
    expect(await canLogin('demo', NEW_PASSWORD)).toBe(true);
  });

  it('refuses a wrong hash, another user, an unknown user and a timestamp in the future', async () => {
    const link = await mailedLink();
    const flipped = link.hash.startsWith('A') ? `B${link.hash.slice(1)}` : `A${link.hash.slice(1)}`;
    const body = { pass: NEW_PASSWORD, passConfirm: NEW_PASSWORD };
    for (const bad of [
      { ...link, hash: flipped },
      { ...link, hash: link.hash.slice(0, 20) },
      { ...link, uid: '2' },
      { ...link, uid: '99999' },
      { ...link, uid: 'demo' },
      { ...link, timestamp: String(Number(link.timestamp) - 1) },
      { ...link, timestamp: String(clock.seconds() + 3600) },
      { ...link, timestamp: 'yesterday' },
    ]) {
      const res = await reset(bad, body);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(res.json()).toMatchObject({ data: { status: 0 }, code: 'reset_link_invalid' });
    }
    expect(await canLogin('demo', DEMO_PASSWORD)).toBe(true);
  });

  it.each([
    ['mismatched passwords', { pass: NEW_PASSWORD, passConfirm: `${NEW_PASSWORD}!` }, 'passwords_do_not_match', 'The passwords do not match.'],
    ['empty passwords', { pass: '', passConfirm: '' }, 'password_too_short', 'The password must be at least 5 characters long.'],
    ['a password of 4 characters', { pass: 'abcd', passConfirm: 'abcd' }, 'password_too_short', 'The password must be at least 5 characters long.'],
  ])('refuses %s with status 0, changes nothing and keeps the link usable', async (_what, body, code, message) => {
    const link = await mailedLink();
    const before = await passwordHashOf(1);
    const res = await reset(link, body, {}, '/en');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ data: { status: 0 }, code, message });
    expect(await passwordHashOf(1)).toBe(before);
    expect((await reset(link, { pass: 'abcde', passConfirm: 'abcde' })).json()).toEqual({ data: { status: 1 } });
  });

  it.each([
    ['no body fields', {}],
    ['no confirmation', { pass: NEW_PASSWORD }],
    ['numbers', { pass: 12345678, passConfirm: 12345678 }],
    ['a huge password', { pass: 'x'.repeat(5000), passConfirm: 'x'.repeat(5000) }],
  ])('refuses a bad body (%s) with a 400 and changes nothing', async (_what, body) => {
    const link = await mailedLink();
    const before = await passwordHashOf(1);
    const res = await reset(link, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('invalid_input');
    expect(await passwordHashOf(1)).toBe(before);
  });

  it('needs no CSRF token from an anonymous caller, but does from a caller with a session', async () => {
    const other = await login(t.app, 'demo-en');
    const link = await mailedLink();
    const body = { pass: NEW_PASSWORD, passConfirm: NEW_PASSWORD };
    const without = await reset(link, body, { cookie: other.cookie });
    expect(without.statusCode).toBe(403);
    expect(without.json().code).toBe('csrf_token_invalid');
    expect(await canLogin('demo', DEMO_PASSWORD)).toBe(true);

    clock.advance(MINUTE); // that login made the first link invalid
    const fresh = await mailedLink();
    expect((await reset(fresh, body, { cookie: other.cookie, 'x-csrf-token': other.csrf })).statusCode).toBe(200);
  });
});
