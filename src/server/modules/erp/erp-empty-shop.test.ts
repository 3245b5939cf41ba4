import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cartResponse } from '../../../shared/api/cart';
import { placeOrderResponse } from '../../../shared/api/checkout';
import { ERP_IMPORT_KINDS } from '../../../shared/api/erp';
import { type ErpImportReport } from '../../../shared/api/erp-import';
import { buildApp } from '../../app';
import { type Database, openDatabase } from '../../db/client';
import { deliveryAddresses, variations } from '../../db/schema';
import { API, login, memoryMailer, testConfig } from '../../test/app';
import { testClock } from '../../test/clock';
import { addLine, call } from '../ordering/cart/test-support';
import { ERP_TOKEN, importCall, importExample } from './test-support';

/**
 * A shop started with DEMO_DATA=false holds only what the migrations make. The example files of
 * examples/erp, imported in the order docs/erp-exchange.md gives, must be all it needs for a
 * customer to order: so this test runs on an empty database of its own, not the demo one.
 */

// Monday 23 November 2026, 09:00 in Amsterdam; Cantina El Sol (2001) gets deliveries on Tuesday and Friday.
const clock = testClock('2026-11-23T09:00:00+01:00');
const mailer = memoryMailer();
let database: Database;
let app: FastifyInstance;

beforeAll(async () => {
  database = await openDatabase({ pgliteMemory: true });
  await database.migrate();
  app = await buildApp(testConfig({ erpApiToken: ERP_TOKEN, publicUrl: 'https://shop.example' }), { database, mailer, logger: false, jobs: false, now: clock.now });
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  await database?.close();
});

describe('ERP import into an empty shop', () => {
  it('imports every example file in the documented order without an error, and an imported customer then orders on account', async () => {
    for (const kind of ERP_IMPORT_KINDS) {
      const report = await importExample(app, kind, 'csv', kind === 'users' ? 'welcome_mail=1' : undefined);
      expect(report, kind).toMatchObject({ applied: true, error_count: 0, counts: { updated: 0, unchanged: 0 } });
      expect(report.counts.inserted, kind).toBe(report.rows);
    }
    const archive = execFileSync('tar', ['-cf', '-', '-C', path.resolve('examples/erp/images'), '.']);
    const images = await importCall(app, 'images', archive, { headers: { 'content-type': 'application/x-tar' } });
    expect(images.statusCode, images.body).toBe(200);
    expect(images.json<ErpImportReport>()).toMatchObject({ applied: true, error_count: 0, rows: 3 });

    // The same data as JSON Lines changes nothing.
    for (const kind of ERP_IMPORT_KINDS) {
      const again = await importExample(app, kind, 'jsonl');
      expect(again.counts, kind).toEqual({ inserted: 0, updated: 0, unchanged: again.rows, deactivated: 0 });
    }

    // Marta of Cantina El Sol chooses her password through the link of her welcome mail.
    const welcome = mailer.sent.find((mail) => mail.to === 'inkoop@cantina-elsol.example');
    const link = /\/user\/password\/reset\/(\d+\/\d+\/[\w-]+)/.exec(welcome?.text ?? '');
    expect(link, welcome?.text).not.toBeNull();
    const set = await app.inject({ method: 'POST', url: `${API}/api/reset-password/${link![1]}`, payload: { pass: 'salsa-fuego-2026', passConfirm: 'salsa-fuego-2026' } });
    expect(set.statusCode, set.body).toBe(200);
    const marta = await login(app, 'elsol-inkoop', 'salsa-fuego-2026');

    const db = database.db;
    const [fuego] = await db.select({ id: variations.id }).from(variations).where(eq(variations.sku, '880001'));
    const [restaurant] = await db.select({ id: deliveryAddresses.id }).from(deliveryAddresses).where(eq(deliveryAddresses.erpCode, '2001-01'));
    const added = await call(app, marta, 'POST', '/cart/add?_format=json', [addLine(fuego!.id, 12)]);
    expect(added.statusCode, added.body).toBe(200);
    const cart = cartResponse.parse((await call(app, marta, 'GET', '/cart?_format=json')).json())[0]!;
    // GROOTH's price (4,10): the relation's quote (4,25 from 12 on) is not lower.
    expect(cart.order_items.map((item) => [item.purchased_entity.sku, item.quantity, item.unit_price.number])).toEqual([['880001', '12', '4.10']]);
    const checkout = (step: string, body: unknown) => call(app, marta, 'POST', `/api/checkout/${cart.order_id}/${step}`, body);
    for (const [step, body] of [
      ['set-shipping', { method: 'delivery' }],
      ['set-payment', { method: 'on_account' }],
      ['set-delivery-date', { date: '2026-11-24' }],
      ['set-profile', { profileId: restaurant!.id }],
    ] as const) {
      const res = await checkout(step, body);
      expect(res.statusCode, `${step} ${res.body}`).toBe(200);
    }
    const placed = await checkout('place', { terms_accepted: true });
    expect(placed.statusCode, placed.body).toBe(200);
    expect(placeOrderResponse.parse(placed.json())).toMatchObject({ status: 'success' });

    const exported = await app.inject({ method: 'GET', url: `${API}/api/erp/orders`, headers: { authorization: `Bearer ${ERP_TOKEN}` } });
    expect(exported.json().records.map((r: { relation: { erp_number: string }; lines: Array<{ sku: string; quantity: number }> }) => [r.relation.erp_number, r.lines.map((l) => [l.sku, l.quantity])])).toEqual([
      ['2001', [['880001', 12]]],
    ]);
  });
});
