import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { API, DEMO_PASSWORD, login, type Session, useTestApp } from '../../test/app';

const t = useTestApp();

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
