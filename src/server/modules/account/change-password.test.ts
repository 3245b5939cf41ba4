import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { API, DEMO_PASSWORD, login, type Session, useTestApp } from '../../test/app';
import { HOUR, SECOND, testClock } from '../../test/clock';

const clock = testClock('2031-03-11T09:00:00.000Z');
const t = useTestApp({}, { now: clock.now });
beforeEach(() => clock.reset());

const NEW_PASSWORD = 'salsa-verde';

const change = (session: Partial<Session>, payload: unknown, { prefix = '', csrf = session.csrf } = {}) =>
  t.app.inject({
    method: 'POST',
    url: `${API}${prefix}/api/account/change-password`,
    headers: { ...(session.cookie ? { cookie: session.cookie } : {}), ...(csrf ? { 'x-csrf-token': csrf } : {}) },
    payload: payload as object,
  });

const canLogin = async (name: string, pass: string) =>
  (await t.app.inject({ method: 'POST', url: `${API}/user/login?_format=json`, payload: { name, pass } })).statusCode === 200;

const currentUser = (cookie: string) => t.app.inject({ url: `${API}/jsonapi/current-user`, headers: { cookie } });

const passwordHashOf = async (name: string) =>
  (await t.app.database.db.select({ pass: users.pass }).from(users).where(eq(users.name, name)))[0]?.pass;

describe('change password: POST /api/account/change-password', () => {
  it('sets the new password, keeps this session and ends the other sessions of the user', async () => {
    const other = await login(t.app, 'demo');
    const session = await login(t.app, 'demo');
    const someoneElse = await login(t.app, 'demo-en');

    const res = await change(session, { current: DEMO_PASSWORD, new: NEW_PASSWORD, repeat: NEW_PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 1 });

    expect((await currentUser(session.cookie)).statusCode).toBe(200);
    expect((await currentUser(other.cookie)).statusCode).toBe(403);
    expect((await currentUser(someoneElse.cookie)).statusCode).toBe(200);
    expect(await passwordHashOf('demo')).toMatch(/^\$argon2id\$/);
    expect(await canLogin('demo', DEMO_PASSWORD)).toBe(false);
    expect(await canLogin('demo', NEW_PASSWORD)).toBe(true);
  });

  it('answers status 0 with a message under the current field for a wrong current password', async () => {
    const session = await login(t.app, 'demo');
    const before = await passwordHashOf('demo');
    const res = await change(session, { current: 'not-my-password', new: NEW_PASSWORD, repeat: NEW_PASSWORD });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      status: 0,
      code: 'invalid_password_change',
      message: 'Niet alle waarden zijn juist.',
      validation: [{ field: 'current', message: 'Het huidige wachtwoord is onjuist.' }],
    });
    expect(await passwordHashOf('demo')).toBe(before);
  });

  it.each([
    [
      'new and repeat too short',
      { current: DEMO_PASSWORD, new: 'abcd', repeat: 'abcd' },
      [
        { field: 'new', message: 'The new password must be at least 5 characters long.' },
        { field: 'repeat', message: 'The repeated password must be at least 5 characters long.' },
      ],
    ],
    [
      'new and repeat that differ',
      { current: DEMO_PASSWORD, new: NEW_PASSWORD, repeat: 'salsa-roja' },
      [{ field: 'repeat', message: 'The passwords do not match.' }],
    ],
    [
      'everything empty',
      { current: '', new: '', repeat: '' },
      [
        { field: 'current', message: 'Enter your current password.' },
        { field: 'new', message: 'The new password must be at least 5 characters long.' },
        { field: 'repeat', message: 'The repeated password must be at least 5 characters long.' },
      ],
    ],
  ])('answers status 0 with a message per field for %s (English under /en), changing nothing', async (_what, body, validation) => {
    const session = await login(t.app, 'demo');
    const before = await passwordHashOf('demo');
    const res = await change(session, body, { prefix: '/en' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: 0, message: 'Not all values were correct.', validation });
    expect(await passwordHashOf('demo')).toBe(before);
  });

  it.each([
    ['no body fields', {}],
    ['no repeat', { current: DEMO_PASSWORD, new: NEW_PASSWORD }],
    ['numbers', { current: DEMO_PASSWORD, new: 123456, repeat: 123456 }],
    ['a huge password', { current: DEMO_PASSWORD, new: 'x'.repeat(5000), repeat: 'x'.repeat(5000) }],
  ])('refuses a bad body (%s) with a 400 and changes nothing', async (_what, body) => {
    const session = await login(t.app, 'demo');
    const before = await passwordHashOf('demo');
    const res = await change(session, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('invalid_input');
    expect(await passwordHashOf('demo')).toBe(before);
  });

  it('needs the session CSRF token and a logged-in user', async () => {
    const session = await login(t.app, 'demo');
    const before = await passwordHashOf('demo');
    const body = { current: DEMO_PASSWORD, new: NEW_PASSWORD, repeat: NEW_PASSWORD };

    const noToken = await change({ cookie: session.cookie }, body);
    expect(noToken.statusCode).toBe(403);
    expect(noToken.json().code).toBe('csrf_token_invalid');
    expect((await change(session, body, { csrf: 'x'.repeat(43) })).statusCode).toBe(403);
    const otherToken = await login(t.app, 'demo-en');
    expect((await change(session, body, { csrf: otherToken.csrf })).statusCode).toBe(403);

    const anonymous = await change({}, body);
    expect(anonymous.statusCode).toBe(403);
    expect(anonymous.json().code).toBe('login_required');
    expect(await passwordHashOf('demo')).toBe(before);
  });
});

describe('change password under flood control (issue 16): 5 wrong current passwords per user in 6 hours', () => {
  const body = (current: string) => ({ current, new: NEW_PASSWORD, repeat: NEW_PASSWORD });

  it('answers 429 after 5 wrong current passwords, even with the right one and in a new session, in the user\'s language', async () => {
    const session = await login(t.app, 'demo');
    for (let i = 0; i < 5; i++) expect((await change(session, body(`wrong-${i}`))).statusCode).toBe(400);
    const before = await passwordHashOf('demo');

    const blocked = await change(session, body(DEMO_PASSWORD), { prefix: '/en' });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({
      code: 'password_change_blocked',
      message:
        'Too many attempts with a wrong current password. Changing your password is temporarily blocked. Try again later, or log out and request a new password.',
    });
    const another = await login(t.app, 'demo');
    const dutch = await change(another, body(DEMO_PASSWORD));
    expect(dutch.statusCode).toBe(429);
    expect(dutch.json().message).toBe(
      'Je hebt te vaak een onjuist huidig wachtwoord ingevuld. Je wachtwoord wijzigen kan daarom tijdelijk niet. Probeer het later opnieuw, of log uit en vraag een nieuw wachtwoord aan.',
    );
    expect(await passwordHashOf('demo')).toBe(before);

    // Other users are not affected; logging in is a rule of its own.
    const colleague = await login(t.app, 'demo-en');
    expect((await change(colleague, body(DEMO_PASSWORD))).statusCode).toBe(200);
    expect(await canLogin('demo', DEMO_PASSWORD)).toBe(true);

    clock.advance(6 * HOUR - SECOND);
    const still = await login(t.app, 'demo');
    expect((await change(still, body(DEMO_PASSWORD))).statusCode).toBe(429);
    clock.advance(2 * SECOND);
    expect((await change(still, body(DEMO_PASSWORD))).statusCode).toBe(200);
    expect(await canLogin('demo', NEW_PASSWORD)).toBe(true);
  });

  it('checks at most 5 current passwords of a burst of wrong ones', async () => {
    const session = await login(t.app, 'demo');
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => change(session, body(`burst-${i}`))));
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 400)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(7);
    expect((await change(session, body(DEMO_PASSWORD))).statusCode).toBe(429);
  });

  it('clears the count when the current password was right, and counts no empty current password', async () => {
    const session = await login(t.app, 'demo');
    for (let i = 0; i < 4; i++) expect((await change(session, body(`wrong-${i}`))).statusCode).toBe(400);
    // Right current password, but the repeat differs: nothing changes, and the count starts again.
    const mismatch = await change(session, { current: DEMO_PASSWORD, new: NEW_PASSWORD, repeat: 'salsa-roja' });
    expect(mismatch.json().validation).toEqual([{ field: 'repeat', message: 'De wachtwoorden komen niet overeen.' }]);
    for (let i = 0; i < 4; i++) expect((await change(session, body(`again-${i}`))).statusCode).toBe(400);
    for (let i = 0; i < 3; i++) expect((await change(session, body(''))).statusCode).toBe(400);
    expect((await change(session, body(DEMO_PASSWORD))).statusCode).toBe(200);
  });
});
