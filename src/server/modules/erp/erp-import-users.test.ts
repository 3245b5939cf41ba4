import { count, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { ErpImportReport } from '../../../shared/api/erp-import';
import { users } from '../../db/schema';
import { API, useTestApp } from '../../test/app';
import { ERP_TOKEN, importCall, importExample, refusedImport } from './test-support';

const t = useTestApp({ erpApiToken: ERP_TOKEN, publicUrl: 'https://shop.example' });
const db = () => t.app.database.db;

async function withRelations() {
  await importExample(t.app, 'relations', 'jsonl');
}

describe('ERP import of users', () => {
  it('creates users with a relation and role; with welcome_mail each new user gets a link that sets a password; a re-import changes and mails nothing', async () => {
    await withRelations();
    const report = await importExample(t.app, 'users', 'csv', 'welcome_mail=1');
    expect(report).toMatchObject({ applied: true, counts: { inserted: 2, updated: 0 }, mails: { sent: 2, failed: 0 } });
    const [marta] = await db().select().from(users).where(eq(users.name, 'elsol-inkoop'));
    expect(marta).toMatchObject({ mail: 'inkoop@cantina-elsol.example', surname: 'Jiménez', roles: ['customer'], pass: null, active: true });
    // One mail each, in the user's language (in no particular order: the merge returns the new ids unordered).
    expect(t.mailer.sent.map((m) => [m.to, m.subject]).sort()).toEqual([
      ['chef@la-esquina.example', 'Your account at Casa Maíz'],
      ['inkoop@cantina-elsol.example', 'Je account bij Casa Maíz'],
    ]);
    const toMarta = t.mailer.sent.find((m) => m.to === 'inkoop@cantina-elsol.example');
    const match = /https:\/\/shop\.example\/nl\/user\/password\/reset\/(\d+)\/(\d+)\/([\w-]+)/.exec(toMarta?.text ?? '');
    expect(match?.[1]).toBe(String(marta!.id));
    const set = await t.app.inject({
      method: 'POST',
      url: `${API}/api/reset-password/${match![1]}/${match![2]}/${match![3]}`,
      payload: { pass: 'een-nieuw-wachtwoord', passConfirm: 'een-nieuw-wachtwoord' },
    });
    expect(set.statusCode, set.body).toBe(200);
    const login = await t.app.inject({ method: 'POST', url: `${API}/user/login?_format=json`, payload: { name: 'elsol-inkoop', pass: 'een-nieuw-wachtwoord' } });
    expect(login.statusCode).toBe(200);

    t.mailer.sent.length = 0;
    const again = await importExample(t.app, 'users', 'jsonl', 'welcome_mail=1');
    expect(again).toMatchObject({ counts: { inserted: 0, updated: 0, unchanged: 2 }, mails: { sent: 0, failed: 0 } });
    expect(t.mailer.sent).toEqual([]);
    // The password the user chose survives the import.
    const loginAfter = await t.app.inject({ method: 'POST', url: `${API}/user/login?_format=json`, payload: { name: 'elsol-inkoop', pass: 'een-nieuw-wachtwoord' } });
    expect(loginAfter.statusCode, loginAfter.body).toBe(200);
  });

  it('matches login names without regard to case, deactivates only customers a full import leaves out, and reports bad rows', async () => {
    await withRelations();
    await importExample(t.app, 'users', 'jsonl');
    const renamed = '{"name":"ESQUINA-chef","mail":"luc@la-esquina.example","relation_erp_number":"2002","language":"en"}';
    const res = await importCall(t.app, 'users', renamed, { query: 'deactivate_missing=1' });
    expect(res.statusCode, res.body).toBe(200);
    const report = res.json<ErpImportReport>();
    expect(report.counts).toMatchObject({ inserted: 0, updated: 1 });
    const active = await db().select({ name: users.name, roles: users.roles }).from(users).where(eq(users.active, true));
    expect(active.filter((u) => u.roles.includes('customer')).map((u) => u.name)).toEqual(['ESQUINA-chef']);
    expect(active.some((u) => u.name === 'staff')).toBe(true);
    expect(report.counts.deactivated).toBeGreaterThan(2);

    const bad = [
      'name;mail;relation_erp_number;role',
      'a;not-a-mail;2001;customer',
      'b;b@x.nl;;customer',
      'c;c@x.nl;9999;customer',
      'A;a2@x.nl;2001;boss',
      'd;d@x.nl;2001;customer',
      'D;d2@x.nl;2001;customer',
    ].join('\n');
    const refused = await refusedImport(t.app, 'users', bad, { format: 'csv' });
    expect(refused.errors.map((e) => [e.line, e.field])).toEqual([
      [2, 'mail'],
      [3, 'relation_erp_number'],
      [4, 'relation_erp_number'],
      [5, 'role'],
      [7, 'name'],
    ]);
    const made = await db().select({ n: count() }).from(users).where(sql`lower(${users.name}) in ('a', 'b', 'c', 'd')`);
    expect(made[0]!.n).toBe(0);
  });
});
