import { and, eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { auditLog, orders } from '../../db/schema';
import { API, login, useTestApp } from '../../test/app';
import { call } from '../ordering/cart/test-support';
import { transitionOrder } from '../ordering/order-transition';
import { listAuditEntries, recordAudit } from './audit.service';

const t = useTestApp();

// The demo data's entries (the ERP's import runs) aside, each test reads only its own; the reset brings them back.
beforeEach(async () => {
  await t.app.database.db.execute(sql`truncate audit_log`);
});

const STAFF = { kind: 'user', userId: 6, userName: 'staff', masqueradeFromUserId: null, ip: '192.0.2.7' } as const;

describe('the audit log', () => {
  it('keeps what was written: an update or a delete of an entry is refused by the database', async () => {
    const { db } = t.app.database;
    await recordAudit(db, STAFF, { entity: 'user', entityId: 1, relationId: 1, action: 'user.block', before: { active: true }, after: { active: false }, reason: 'left the company' });
    const [entry] = await listAuditEntries(db, { entity: 'user', entityId: '1' }, { offset: 0, limit: 10 });
    expect(entry).toMatchObject({ userId: 6, userName: 'staff', ip: '192.0.2.7', relationId: 1, action: 'user.block', before: { active: true }, after: { active: false }, reason: 'left the company' });
    const refused = { cause: expect.objectContaining({ message: expect.stringMatching(/append-only/) }) };
    await expect(db.update(auditLog).set({ reason: 'nothing happened' }).where(eq(auditLog.id, entry!.id))).rejects.toMatchObject(refused);
    await expect(db.delete(auditLog).where(eq(auditLog.id, entry!.id))).rejects.toMatchObject(refused);
    const [still] = await listAuditEntries(db, { entity: 'user', entityId: '1' }, { offset: 0, limit: 10 });
    expect(still!.reason).toBe('left the company');
  });

  it("writes an order's state change in the change's transaction: rolled back together, or kept together", async () => {
    const { db } = t.app.database;
    const [order] = await db.insert(orders).values({ userId: 1, relationId: 2, state: 'draft' }).returning({ id: orders.id });
    const entriesOf = () => db.select().from(auditLog).where(and(eq(auditLog.entity, 'order'), eq(auditLog.entityId, String(order!.id))));
    await expect(
      db.transaction(async (tx) => {
        await transitionOrder(tx, order!.id, 'cancel', STAFF, { reason: 'asked by phone' });
        throw new Error('something after the change failed');
      }),
    ).rejects.toThrow('something after the change failed');
    expect(await entriesOf()).toEqual([]);
    await db.transaction((tx) => transitionOrder(tx, order!.id, 'cancel', STAFF, { reason: 'asked by phone' }));
    expect(await entriesOf()).toMatchObject([
      { action: 'state.cancel', relationId: 2, before: { state: 'draft' }, after: { state: 'canceled' }, reason: 'asked by phone', userId: 6, ip: '192.0.2.7' },
    ]);
  });
});

describe('GET /api/staff/audit', () => {
  it('lists entries newest first with who was behind a masquerade, filtered on who, entity, relation and period', async () => {
    const { db } = t.app.database;
    const masked = { kind: 'user', userId: 1, userName: 'demo', masqueradeFromUserId: 6, ip: null } as const;
    await recordAudit(db, STAFF, { entity: 'user', entityId: 2, relationId: 2, action: 'user.block', at: new Date('2026-11-20T23:30:00Z') });
    await recordAudit(db, masked, { entity: 'order', entityId: 7, relationId: 1, action: 'order.change', at: new Date('2026-11-22T10:00:00Z') });
    const staff = await login(t.app, 'staff');
    const list = async (query: string) => (await call(t.app, staff, 'GET', `/api/staff/audit${query}`)).json();

    const all = await list('');
    expect(all.data.map((e: { action: string }) => e.action)).toEqual(['order.change', 'user.block']);
    expect(all.data[0]).toMatchObject({ user: { id: 1, name: 'demo' }, masquerade_from: { id: 6, name: 'staff' }, entity: 'order', entity_id: '7' });
    expect((await list('?user=STAFF')).data.map((e: { action: string }) => e.action)).toEqual(['user.block']);
    expect((await list('?entity=order&entity_id=7')).data).toHaveLength(1);
    // 23:30 UTC on 20 November is 00:30 on the 21st in Amsterdam.
    expect((await list('?from=2026-11-21&until=2026-11-21')).data.map((e: { action: string }) => e.action)).toEqual(['user.block']);
    expect((await list('?user=nobody')).data).toEqual([]);
  });

  it('refuses a bad filter in the caller\'s language', async () => {
    const staff = await login(t.app, 'staff');
    const nl = await call(t.app, staff, 'GET', '/api/staff/audit?from=2026-02-30');
    expect(nl.statusCode).toBe(400);
    expect(nl.json().message).toMatch(/Deze datum bestaat niet/);
    const en = await t.app.inject({ method: 'GET', url: `${API}/en/api/staff/audit?from=2026-11-22&until=2026-11-01`, headers: { cookie: staff.cookie } });
    expect(en.statusCode).toBe(400);
    expect(en.json().message).toMatch(/period ends before it starts/);
  });
});

describe('GET /api/staff/audit/export', () => {
  const exported = async (session: { cookie: string }, query: string, lang = '') =>
    t.app.inject({ method: 'GET', url: `${API}${lang}/api/staff/audit/export${query}`, headers: { cookie: session.cookie } });

  it('gives every entry the filters match as CSV: BOM, semicolons, who and the staff behind a masquerade, the change, Amsterdam time', async () => {
    const { db } = t.app.database;
    const masked = { kind: 'user', userId: 1, userName: 'demo', masqueradeFromUserId: 6, ip: '192.0.2.9' } as const;
    await recordAudit(db, masked, { entity: 'order', entityId: 7, relationId: 1, action: 'order.change', before: { quantity: 2 }, after: { quantity: 5 }, reason: 'asked; by phone', at: new Date('2026-11-22T10:00:00Z') });
    await recordAudit(db, STAFF, { entity: 'user', entityId: 2, action: 'user.block', at: new Date('2026-11-20T23:30:00Z') });
    await recordAudit(db, { kind: 'system', name: 'erp_import' }, { entity: 'import_run', entityId: 3, action: 'import.applied', at: new Date('2026-11-21T06:00:00Z') });
    const finance = await login(t.app, 'finance');
    const res = await exported(finance, '?entity=order');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="logboek-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(res.body.split('\r\n')).toEqual([
      '\ufeffWie;Medewerker achter inloggen als klant;Entiteit;Kenmerk;Actie;Voor;Na;Reden;Tijdstip (Amsterdam);IP-adres',
      'demo;staff;order;7;order.change;"{""quantity"":2}";"{""quantity"":5}";"asked; by phone";2026-11-22 11:00:00;192.0.2.9',
      '',
    ]);
    const all = (await exported(finance, '', '/en')).body.split('\r\n');
    expect(all[0]).toBe('\ufeffWho;Staff behind a masquerade;Entity;Id;Action;Before;After;Reason;When (Amsterdam);IP address');
    // In the order written, the last first (as the list).
    expect(all.slice(1, -1).map((line) => line.split(';').slice(0, 5).join(';'))).toEqual([
      'the shop (erp_import);;import_run;3;import.applied',
      'staff;;user;2;user.block',
      'demo;staff;order;7;order.change',
    ]);
    // The period in Amsterdam days, as the list: 23:30 UTC on 20 November is the 21st there.
    expect((await exported(finance, '?from=2026-11-21&until=2026-11-21')).body.split('\r\n').slice(1, -1).map((l) => l.split(';')[4])).toEqual(['import.applied', 'user.block']);
  });

  it("refuses a bad filter in the caller's language", async () => {
    const staff = await login(t.app, 'staff');
    const nl = await exported(staff, '?from=2026-11-22&until=2026-11-01');
    expect(nl.statusCode).toBe(400);
    expect(nl.json().message).toMatch(/De periode eindigt voordat hij begint/);
    const en = await exported(staff, '?entity=Order!', '/en');
    expect(en.statusCode).toBe(400);
    expect(en.json().message).toMatch(/An entity is a word such as order or user/);
  });

  it('takes no change: there is no call that updates or deletes an entry', async () => {
    const staff = await login(t.app, 'staff');
    const { db } = t.app.database;
    await recordAudit(db, STAFF, { entity: 'user', entityId: 1, action: 'user.block' });
    const [entry] = await listAuditEntries(db, { entity: 'user' }, { offset: 0, limit: 1 });
    for (const method of ['PUT', 'PATCH', 'DELETE'] as const) {
      for (const url of [`/api/staff/audit/${entry!.id}`, '/api/staff/audit']) {
        const res = await call(t.app, staff, method === 'PUT' ? 'PATCH' : method, url, method === 'DELETE' ? undefined : { reason: 'x' });
        expect(res.statusCode, `${method} ${url}`).toBe(404);
      }
    }
    expect(await listAuditEntries(db, { entity: 'user' }, { offset: 0, limit: 5 })).toHaveLength(1);
  });
});
