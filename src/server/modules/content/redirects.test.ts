import { desc, eq, gt } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { translatePathRedirect } from '../../../shared/api/content';
import { auditLog, notFoundPaths, redirects } from '../../db/schema';
import { API, login, useTestApp } from '../../test/app';
import { databaseState, stateDiff } from '../../test/db-state';
import { call } from '../ordering/cart/test-support';

const t = useTestApp({}, { now: () => new Date('2026-12-04T10:00:00+01:00') });
const db = () => t.app.database.db;
const staff = () => login(t.app, 'staff');
const create = async (body: unknown, prefix = '', session?: Awaited<ReturnType<typeof staff>>) => call(t.app, session ?? (await staff()), 'POST', `${API}${prefix}/api/staff/redirects`, body);
const translate = (path: string, prefix = '', referrer?: string) =>
  t.app.inject({ url: `${API}${prefix}/router/translate-path?path=${encodeURIComponent(path)}${referrer ? `&referrer=${encodeURIComponent(referrer)}` : ''}` });

// The demo data's old portal paths are left out: each test starts from none.
beforeEach(async () => {
  await db().delete(redirects);
  await db().delete(notFoundPaths);
});

describe('redirects', () => {
  it('stores a redirect with its audit entry, and the visitor is led on in their language', async () => {
    const res = await create({ from_path: '/NL/Oude-Levering/', to_path: '/leveringsvoorwaarden', status: 301 });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().redirect).toMatchObject({ from_path: '/oude-levering', to_path: '/leveringsvoorwaarden', status: 301 });
    expect(await db().select().from(auditLog).where(eq(auditLog.entity, 'redirect'))).toMatchObject([{ action: 'redirect.create', userName: 'staff', after: { from_path: '/oude-levering' } }]);

    const nl = translatePathRedirect.parse((await translate('/oude-levering')).json());
    expect(nl.redirect).toEqual([{ from: '/oude-levering', to: '/leveringsvoorwaarden', status: '301' }]);
    const en = translatePathRedirect.parse((await translate('/oude-levering', '/en')).json());
    expect(en.redirect[0]!.to).toBe('/en/leveringsvoorwaarden');
  });

  it('answers an old address with a real 301 before the shop loads, also without a session', async () => {
    await create({ from_path: '/oude-levering', to_path: '/cart', status: 302 });
    const res = await t.app.inject({ url: '/en/oude-levering' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/en/cart');
    expect((await t.app.inject({ url: '/cart' })).statusCode).not.toBe(301);
  });

  it('refuses a path of the shop, a page, a loop and a chain, in Dutch and English, and stores nothing', async () => {
    const session = await staff();
    await create({ from_path: '/a', to_path: '/b' }, '', session);
    const before = await databaseState(db());
    const cases: Array<[unknown, string, string]> = [
      [{ from_path: '/cart/old', to_path: '/b' }, '/cart/old is een pagina van de shop zelf', '/cart/old is one of the shop'],
      [{ from_path: '/leveringsvoorwaarden', to_path: '/b' }, 'Op /leveringsvoorwaarden staat een pagina', 'A page lives at /leveringsvoorwaarden'],
      [{ from_path: '/c', to_path: '/C' }, 'leidt van /c weer naar /c', 'leads from /c back to /c'],
      [{ from_path: '/b', to_path: '/a' }, '/a wordt zelf al doorverwezen', '/a is itself redirected'],
      [{ from_path: '/z', to_path: '/a' }, '/a wordt zelf al doorverwezen', '/a is itself redirected'],
      [{ from_path: '/a', to_path: '/d' }, 'Er is al een doorverwijzing vanaf /a', 'There is already a redirect from /a'],
      [{ from_path: '/e', to_path: 'javascript:alert(1)' }, 'Een nieuw pad begint met /', 'A new path starts with /'],
      [{ from_path: '/e', status: 307, to_path: '/f' }, 'blijvend (301) of tijdelijk (302)', 'permanent (301) or temporary (302)'],
    ];
    for (const [body, nl, en] of cases) {
      const dutch = await create(body, '', session);
      expect(dutch.statusCode, JSON.stringify(body)).toBe(400);
      expect(dutch.json().message).toContain(nl);
      expect((await create(body, '/en', session)).json().message).toContain(en);
    }
    expect(stateDiff(before, await databaseState(db()))).toEqual([]);
  });

  it('refuses a redirect to a path another redirect starts from, and one whose old path another leads to', async () => {
    await create({ from_path: '/a', to_path: '/b' });
    expect((await create({ from_path: '/b', to_path: '/c' })).json().message).toContain('Een andere doorverwijzing leidt naar /b');
  });
});

describe('the not-found log', () => {
  it('counts each path nobody found with the referring site, and leaves the shop out', async () => {
    expect((await translate('/bestaat-niet', '', 'https://www.google.nl/search?q=taco')).statusCode).toBe(404);
    expect((await translate('/bestaat-niet', '/en')).statusCode).toBe(404);
    expect((await translate('/account/unknown')).statusCode).toBe(404);
    expect(await db().select({ path: notFoundPaths.path, count: notFoundPaths.count, host: notFoundPaths.referrerHost }).from(notFoundPaths)).toEqual([{ path: '/bestaat-niet', count: 2, host: 'www.google.nl' }]);
  });

  it('turns a logged path into a redirect in one step; the path leaves the log', async () => {
    await translate('/oude-pagina');
    const session = await staff();
    const list = await call(t.app, session, 'GET', `${API}/api/staff/not-found`);
    const [row] = list.json().data;
    expect(row).toMatchObject({ path: '/oude-pagina', count: 1 });
    const res = await call(t.app, session, 'POST', `${API}/api/staff/not-found/${row.id}/redirect`, { to_path: '/assortment' });
    expect(res.statusCode, res.body).toBe(201);
    expect(await db().select().from(notFoundPaths)).toEqual([]);
    expect(translatePathRedirect.parse((await translate('/oude-pagina')).json()).redirect[0]!.to).toBe('/assortment');
  });

  it('is not for customers or other staff roles', async () => {
    for (const name of ['demo', 'orderdesk', 'finance']) {
      expect((await call(t.app, await login(t.app, name), 'GET', `${API}/api/staff/not-found`)).statusCode).toBe(403);
    }
  });
});

describe('the CSV import', () => {
  it('takes all lines of the old portal, a header allowed, and changes a redirect that exists', async () => {
    await create({ from_path: '/oud-1', to_path: '/cart' });
    const res = await call(t.app, await staff(), 'POST', `${API}/api/staff/redirects/import`, { csv: '\uFEFFoud;nieuw;status\n/nl/oud-1;/assortment;301\nhttps://portal.example.nl/oud-2;https://www.example.nl/;302\n' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ created: 1, updated: 1 });
    expect((await db().select({ from: redirects.fromPath, to: redirects.toPath, status: redirects.status }).from(redirects).orderBy(redirects.fromPath))).toEqual([
      { from: '/oud-1', to: '/assortment', status: 301 },
      { from: '/oud-2', to: 'https://www.example.nl/', status: 302 },
    ]);
  });

  it('takes a file of more lines than one statement stores, each with its audit entry, and clears their not-found paths', async () => {
    await create({ from_path: '/alias-7', to_path: '/cart' });
    await db().insert(notFoundPaths).values([{ path: '/alias-3' }, { path: '/alias-1100' }, { path: '/blijft' }]);
    const [last] = await db().select({ id: auditLog.id }).from(auditLog).orderBy(desc(auditLog.id)).limit(1);
    const csv = Array.from({ length: 1200 }, (_, i) => `/alias-${i};/assortment;301`).join('\n');
    const res = await call(t.app, await staff(), 'POST', `${API}/api/staff/redirects/import`, { csv });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ created: 1199, updated: 1 });
    expect(await db().$count(redirects)).toBe(1200);
    expect(await db().select({ to: redirects.toPath }).from(redirects).where(eq(redirects.fromPath, '/alias-7'))).toEqual([{ to: '/assortment' }]);
    const entries = await db().select({ action: auditLog.action, before: auditLog.before }).from(auditLog).where(gt(auditLog.id, last!.id));
    expect(entries.length).toBe(1200);
    expect(entries.every((e) => e.action === 'redirect.import')).toBe(true);
    expect(entries.filter((e) => e.before !== null)).toEqual([{ action: 'redirect.import', before: { to_path: '/cart' } }]);
    expect(await db().select({ path: notFoundPaths.path }).from(notFoundPaths)).toEqual([{ path: '/blijft' }]);
  });

  it('stores nothing when one line is wrong, and names every wrong line', async () => {
    const session = await staff();
    const before = await databaseState(db());
    const res = await call(t.app, session, 'POST', `${API}/api/staff/redirects/import`, { csv: '/x;/y\n/y;/z\n/cart;/x\n/w\n/x;/q' });
    expect(res.statusCode).toBe(400);
    const fields = res.json().errors.map((e: { field: string }) => e.field);
    expect(fields).toEqual(expect.arrayContaining(['csv.1', 'csv.2', 'csv.3', 'csv.4', 'csv.5']));
    expect(res.json().message).toMatch(/^Er is niets ingelezen/);
    expect(stateDiff(before, await databaseState(db()))).toEqual([]);
  });
});
