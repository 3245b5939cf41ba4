import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { staffCustomerResponse, staffUserResponse } from '../../../shared/api/staff-customer';
import { auditLog, relations, users } from '../../db/schema';
import { ERP_TOKEN, importCall } from '../erp/test-support';
import { API, DEMO_PASSWORD, login, type Session, useTestApp } from '../../test/app';

const t = useTestApp({ erpApiToken: ERP_TOKEN });

async function relationUuid(erpNumber: string): Promise<string> {
  const [row] = await t.app.database.db.select({ uuid: relations.uuid }).from(relations).where(eq(relations.erpNumber, erpNumber));
  return row!.uuid;
}

async function userUuid(name: string): Promise<string> {
  const [row] = await t.app.database.db.select({ uuid: users.uuid }).from(users).where(eq(users.name, name));
  return row!.uuid;
}

const call = (session: Session, method: 'GET' | 'POST', path: string, payload?: object, lang: 'nl' | 'en' = 'nl') =>
  t.app.inject({
    method,
    url: `${API}${lang === 'en' ? '/en' : ''}${path}`,
    headers: { cookie: session.cookie, 'x-csrf-token': session.csrf },
    ...(payload ? { payload } : {}),
  });

const userEntries = (userId: number) =>
  t.app.database.db.select().from(auditLog).where(and(eq(auditLog.entity, 'user'), eq(auditLog.entityId, String(userId)))).orderBy(auditLog.id);

const NEW_COOK = { mail: 'kok@lacatrina.example', firstname: 'Diego', surname: 'Ramírez', langcode: 'en' } as const;

describe('the staff customer page', () => {
  it("shows a relation with its price list, addresses, users and open invoices", async () => {
    const desk = await login(t.app, 'orderdesk');
    const res = await call(desk, 'GET', `/api/staff/relations/${await relationUuid('1000')}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = staffCustomerResponse.parse(res.json());
    expect(body.relation).toMatchObject({ name: 'Restaurant La Catrina', erp_number: '1000', pricelist: { code: 'STANDAARD' }, langcode: 'nl', active: true });
    expect(body.relation.pricelist.name).toMatch(/\w/);
    expect(body.addresses.length).toBeGreaterThan(0);
    expect(body.users.map((u) => u.name)).toContain('demo');
    expect(body.users.find((u) => u.name === 'demo')).toMatchObject({ active: true, has_password: true, langcode: 'nl' });
    expect(body.users.map((u) => u.name)).not.toContain('staff');
    for (const invoice of body.open_invoices) expect(Number.isInteger(invoice.outstanding_cents)).toBe(true);
  });

  it('answers 404 in the language of the request for a relation that does not exist, and 400 for a bad uuid', async () => {
    const desk = await login(t.app, 'orderdesk');
    const missing = await call(desk, 'GET', '/api/staff/relations/00000000-0000-4000-8000-000000000000');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Deze klant bestaat niet (meer).');
    const missingEn = await call(desk, 'GET', '/api/staff/relations/00000000-0000-4000-8000-000000000000', undefined, 'en');
    expect(missingEn.json().message).toBe('This customer does not exist (any more).');
    expect((await call(desk, 'GET', '/api/staff/relations/1000')).statusCode).toBe(400);
  });
});

describe('inviting a user for a relation', () => {
  it('makes a customer user of the relation without a password, mails the welcome link in their language and writes the audit log', async () => {
    const desk = await login(t.app, 'orderdesk');
    const relation = await relationUuid('1000');
    const res = await call(desk, 'POST', `/api/staff/relations/${relation}/users`, NEW_COOK);
    expect(res.statusCode, res.body).toBe(201);
    const { user } = staffUserResponse.parse(res.json());
    expect(user).toMatchObject({ name: 'kok@lacatrina.example', display_name: 'Diego Ramírez', active: true, has_password: false, langcode: 'en', last_login_at: null });

    const [row] = await t.app.database.db.select().from(users).where(eq(users.id, user.drupal_internal__uid));
    expect(row).toMatchObject({ roles: ['customer'], origin: 'shop', pass: null, relationId: 1 });
    expect(t.mailer.sent).toHaveLength(1);
    expect(t.mailer.sent[0]).toMatchObject({ to: 'kok@lacatrina.example', subject: expect.stringMatching(/^Your account at /) });
    expect(t.mailer.sent[0]!.text).toMatch(new RegExp(`/en/user/password/reset/${user.drupal_internal__uid}/\\d+/`));
    expect(await userEntries(user.drupal_internal__uid)).toMatchObject([
      { action: 'user.invite', relationId: 1, userName: 'orderdesk', after: { mail: 'kok@lacatrina.example', langcode: 'en' } },
    ]);
  });

  it('takes a login name of its own, and refuses a login name or e-mail address already in use with a 409', async () => {
    const desk = await login(t.app, 'orderdesk');
    const relation = await relationUuid('1000');
    const named = await call(desk, 'POST', `/api/staff/relations/${relation}/users`, { ...NEW_COOK, login_name: 'diego' });
    expect(named.json().user.name).toBe('diego');
    const sameName = await call(desk, 'POST', `/api/staff/relations/${relation}/users`, { ...NEW_COOK, mail: 'ander@example.nl', login_name: 'DEMO' });
    expect(sameName.statusCode).toBe(409);
    expect(sameName.json().message).toBe('De gebruikersnaam ‘DEMO’ is al in gebruik. Kies een andere.');
    const sameMail = await call(desk, 'POST', `/api/staff/relations/${relation}/users`, { ...NEW_COOK, mail: 'DEMO@example.nl' }, 'en');
    expect(sameMail.statusCode).toBe(409);
    expect(sameMail.json().message).toBe('There already is a user with the e-mail address DEMO@example.nl.');
  });

  it.each([
    ['no e-mail address', { ...NEW_COOK, mail: 'not-an-address' }, 'Vul een geldig e-mailadres in.'],
    ['no first name', { ...NEW_COOK, firstname: ' ' }, 'Vul een voornaam in.'],
    ['no surname', { ...NEW_COOK, surname: '' }, 'Vul een achternaam in.'],
    ['a login name with spaces', { ...NEW_COOK, login_name: 'de kok' }, 'Een gebruikersnaam bevat alleen letters, cijfers en . _ @ + -.'],
    ['another language', { ...NEW_COOK, langcode: 'de' }, undefined],
  ])('refuses %s with a 400 in Dutch and stores nothing', async (_what, payload, message) => {
    const desk = await login(t.app, 'orderdesk');
    const before = await t.app.database.db.$count(users);
    // The demo data's log has entries of its own (the ERP's import runs): nothing is added to them.
    const logged = await t.app.database.db.$count(auditLog);
    const res = await call(desk, 'POST', `/api/staff/relations/${await relationUuid('1000')}/users`, payload);
    expect(res.statusCode, res.body).toBe(400);
    if (message) expect(res.body).toContain(message);
    expect(await t.app.database.db.$count(users)).toBe(before);
    expect(await t.app.database.db.$count(auditLog)).toBe(logged);
    expect(t.mailer.sent).toEqual([]);
  });
});

describe('blocking, unblocking and the welcome mail again', () => {
  it('blocks with a reason: the user cannot log in and their session ends; unblocked they can again', async () => {
    const desk = await login(t.app, 'orderdesk');
    const ghint = await login(t.app, 'ghint');
    const uuid = await userUuid('ghint');
    const blocked = await call(desk, 'POST', `/api/staff/users/${uuid}/block`, { reason: 'Left the company' });
    expect(blocked.statusCode, blocked.body).toBe(200);
    expect(blocked.json().user.active).toBe(false);
    const after = await t.app.inject({ url: `${API}/jsonapi/current-user`, headers: { cookie: ghint.cookie } });
    expect(after.statusCode).not.toBe(200);
    await expect(login(t.app, 'ghint')).rejects.toThrow(/login ghint failed/);

    const again = await call(desk, 'POST', `/api/staff/users/${uuid}/block`, { reason: 'twice' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Deze gebruiker is al geblokkeerd.');

    const unblocked = await call(desk, 'POST', `/api/staff/users/${uuid}/unblock`, {}, 'en');
    expect(unblocked.json().user.active).toBe(true);
    await login(t.app, 'ghint', DEMO_PASSWORD);
    const id = unblocked.json().user.drupal_internal__uid;
    expect(await userEntries(id)).toMatchObject([
      { action: 'user.block', reason: 'Left the company', before: { active: true }, after: { active: false }, userName: 'orderdesk' },
      { action: 'user.unblock', before: { active: false }, after: { active: true } },
    ]);
  });

  it('refuses a block without a reason (400, nothing stored) and a staff user or unknown user (404)', async () => {
    const desk = await login(t.app, 'orderdesk');
    const logged = await t.app.database.db.$count(auditLog);
    const noReason = await call(desk, 'POST', `/api/staff/users/${await userUuid('ghint')}/block`, { reason: '  ' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.body).toContain('Geef een reden.');
    const staffUser = await call(desk, 'POST', `/api/staff/users/${await userUuid('finance')}/block`, { reason: 'no' });
    expect(staffUser.statusCode).toBe(404);
    expect(await t.app.database.db.$count(auditLog)).toBe(logged);
    const [row] = await t.app.database.db.select({ active: users.active }).from(users).where(eq(users.name, 'ghint'));
    expect(row!.active).toBe(true);
  });

  it('sends the welcome mail again to an active user, not to a blocked one', async () => {
    const desk = await login(t.app, 'orderdesk');
    const uuid = await userUuid('demo-en');
    const sent = await call(desk, 'POST', `/api/staff/users/${uuid}/welcome-mail`);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(t.mailer.sent.map((m) => m.subject)).toEqual([expect.stringMatching(/^Your account at /)]);
    await call(desk, 'POST', `/api/staff/users/${uuid}/block`, { reason: 'Fraud' });
    const refused = await call(desk, 'POST', `/api/staff/users/${uuid}/welcome-mail`);
    expect(refused.statusCode).toBe(409);
    expect(t.mailer.sent).toHaveLength(1);
  });

  it('keeps a blocked user blocked and a user invited in the shop active through an ERP import of all users', async () => {
    const { db } = t.app.database;
    const desk = await login(t.app, 'orderdesk');
    await call(desk, 'POST', `/api/staff/users/${await userUuid('ghint')}/block`, { reason: 'Left' });
    const invited = (await call(desk, 'POST', `/api/staff/relations/${await relationUuid('1000')}/users`, NEW_COOK)).json().user;
    // The ERP's full list names ghint as active and knows nothing of the invited cook.
    const [g] = await db.select().from(users).where(eq(users.name, 'ghint'));
    const file = `name;mail;firstname;surname_prefix;surname;language;relation_erp_number;role;active\nghint;${g!.mail};${g!.firstname};;${g!.surname};en;1003;customer;ja\n`;
    const res = await importCall(t.app, 'users', file, { format: 'csv', query: 'deactivate_missing=1' });
    expect(res.statusCode, res.body).toBe(200);
    const rows = await db.select({ name: users.name, active: users.active }).from(users).where(eq(users.relationId, 1));
    expect(rows.find((r) => r.name === invited.name)?.active).toBe(true);
    const [ghint] = await db.select({ active: users.active }).from(users).where(eq(users.name, 'ghint'));
    expect(ghint!.active).toBe(false);
  });
});

describe("a customer's own account changes", () => {
  it('writes a password change to the audit log with who and from where', async () => {
    const demo = await login(t.app, 'demo');
    const res = await call(demo, 'POST', '/api/account/change-password', { current: DEMO_PASSWORD, new: 'nieuw12345', repeat: 'nieuw12345' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await userEntries(1)).toMatchObject([{ action: 'user.password_change', userId: 1, userName: 'demo', relationId: 1, ip: expect.any(String) }]);
  });
});
