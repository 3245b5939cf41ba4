import { and, eq, inArray, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { type ProductDetail, productDetailResponse } from '../../../shared/api/catalog';
import { foodChangeMails, foodChangeNotices, foodChanges, relations, users } from '../../db/schema';
import { API, login, useTestApp } from '../../test/app';
import { testClock } from '../../test/clock';
import { productBySku, type ProductRef } from '../catalog/test-support';
import { placeOrder } from '../food-overview/test-support';
import { createFoodChangeMails } from './food-change-mail';
import { createErpService } from './erp.service';
import { ERP_TOKEN, example, importCall, importExample, importExamples } from './test-support';

/**
 * Issue 19 point 6 (decision 024): a food import that changes a product's ingredients or
 * allergens tells the relations that bought it in the 90 days before: a notice on the product
 * page for 30 days and one mail per user and import, in the user's language, after the commit.
 */

const DAY = 24 * 3600_000;
const clock = testClock('2026-11-25T09:00:00Z');
const t = useTestApp({ erpApiToken: ERP_TOKEN }, { now: clock.now });
const db = () => t.app.database.db;
const daysAgo = (days: number) => new Date(clock.now().getTime() - days * DAY).toISOString();

/** The example food file with one product's cells changed (jsonl: one record a line). */
function foodFile(changes: Record<string, Record<string, string>> = {}): string {
  return example('food.jsonl')
    .toString('utf8')
    .trim()
    .split('\n')
    .map((line) => {
      const record = JSON.parse(line) as Record<string, string>;
      return JSON.stringify({ ...record, ...(changes[record.erp_id ?? ''] ?? {}) });
    })
    .join('\n');
}
/** EXP-880001 (habanero sauce) now contains milk and its ingredients say so. */
const MILK = {
  'EXP-880001': {
    allergen_milk: 'contains',
    ingredients_nl: 'habanero peper (38%), water, <strong>melkpoeder</strong>, zout.',
    ingredients_en: 'habanero pepper (38%), water, <strong>milk powder</strong>, salt.',
  },
};

interface Customer {
  userId: number;
  relationId: number;
}
async function customer(name: string): Promise<Customer> {
  const [row] = await db().select({ userId: users.id, relationId: users.relationId }).from(users).where(eq(users.name, name));
  return { userId: row!.userId, relationId: row!.relationId! };
}
/** The mail addresses of a relation's active customer users: who is to get its mail. */
async function mailsOf(relationId: number): Promise<string[]> {
  const rows = await db()
    .select({ mail: users.mail })
    .from(users)
    .innerJoin(relations, eq(relations.id, users.relationId))
    .where(and(eq(users.relationId, relationId), eq(users.active, true), sql`'customer' = any(${users.roles})`));
  return rows.map((r) => r.mail).sort();
}

async function importFood(body: string, query?: string) {
  const res = await importCall(t.app, 'food', body, { format: 'jsonl', ...(query ? { query } : {}) });
  return { status: res.statusCode, report: res.json<{ applied: boolean; mails?: { sent: number; failed: number } }>() };
}

async function detail(ref: ProductRef, cookie: string, prefix = ''): Promise<ProductDetail> {
  const res = await t.app.inject({ url: `${API}${prefix}/jsonapi/commerce_product/default/${ref.uuid}?jsonapi_include=1`, headers: { cookie } });
  expect(res.statusCode, res.body).toBe(200);
  return productDetailResponse.strict().parse(res.json()).data;
}

const sentTo = (addresses: string[]) => t.mailer.sent.filter((m) => addresses.includes(m.to));

describe('food changes announced by the import', () => {
  let sauce: ProductRef;
  let salsa: ProductRef;
  let grooth: Customer;
  let ghint: Customer;
  let demo: Customer;

  /** The changes of the example products (the demo data has one of its own). */
  const changes = () => db().select().from(foodChanges).where(inArray(foodChanges.productId, [sauce.id, salsa.id]));
  const notices = async () => {
    const ids = (await changes()).map((c) => c.id);
    return ids.length === 0 ? [] : db().select().from(foodChangeNotices).where(inArray(foodChangeNotices.foodChangeId, ids));
  };

  beforeEach(async () => {
    clock.reset();
    await importExamples(t.app, ['categories', 'products'], 'jsonl');
    // The first food information a product gets is no change to announce.
    await importExample(t.app, 'food', 'jsonl');
    sauce = await productBySku(db(), '880001');
    salsa = await productBySku(db(), '880002');
    expect(await changes()).toEqual([]);
    [grooth, ghint, demo] = await Promise.all([customer('grooth'), customer('ghint'), customer('demo')]);
    // GROOTH (nl) and GHINT (en) bought the sauce within 90 days; demo 91 days ago, and the salsa lately.
    await placeOrder(db(), grooth.userId, grooth.relationId, daysAgo(10), [sauce]);
    await placeOrder(db(), ghint.userId, ghint.relationId, daysAgo(89), [sauce], 'completed');
    await placeOrder(db(), demo.userId, demo.relationId, daysAgo(91), [sauce]);
    await placeOrder(db(), demo.userId, demo.relationId, daysAgo(3), [salsa]);
    t.mailer.sent.length = 0;
  });

  it('mails each user of a relation that bought the product within 90 days once, in their language, after the commit; nobody else', async () => {
    const { status, report } = await importFood(foodFile(MILK));
    expect(status).toBe(200);
    const groothMails = await mailsOf(grooth.relationId);
    const ghintMails = await mailsOf(ghint.relationId);
    expect(report.mails).toEqual({ sent: groothMails.length + ghintMails.length, failed: 0 });
    expect(t.mailer.sent.map((m) => m.to).sort()).toEqual([...groothMails, ...ghintMails].sort());

    const nl = sentTo(groothMails)[0]!;
    expect(nl.subject).toBe('Gewijzigde ingrediënten of allergenen | Casa Maíz');
    expect(nl.text).toContain('Op 25-11-2026 zijn de ingrediënten of allergenen gewijzigd');
    expect(nl.text).toContain('Salsa Habanero "Fuego" 250 ml (artikelnummer 880001)');
    expect(nl.text).toContain('- De ingrediënten zijn gewijzigd.');
    expect(nl.text).toContain('- Melk: was ‘vrij van’, nu ‘bevat’.');
    expect(nl.text).toContain(`/nl/assortment/${sauce.uuid}#food`);
    expect(nl.text).not.toContain('880002');

    const en = sentTo(ghintMails)[0]!;
    expect(en.subject).toBe('Changed ingredients or allergens | Casa Maíz');
    expect(en.text).toContain('On 25-11-2026 the ingredients or allergens changed');
    expect(en.text).toContain('Habanero salsa "Fuego" 250 ml (article number 880001)');
    expect(en.text).toContain('- Milk: was ‘free of’, now ‘contains’.');
    expect(en.text).toContain(`/en/assortment/${sauce.uuid}#food`);

    // Everything is marked sent; the outbox has nothing left for the job.
    const rows = await db().select().from(foodChangeMails);
    expect(rows.every((r) => r.sentAt !== null)).toBe(true);
  });

  it('keeps the mails the mail server did not take in the mail outbox; its job sends them, each once', async () => {
    const expected = [...(await mailsOf(grooth.relationId)), ...(await mailsOf(ghint.relationId))].sort();
    const send = vi.spyOn(t.mailer, 'send').mockRejectedValueOnce(new Error('mail server away'));
    const { report } = await importFood(foodFile(MILK));
    send.mockRestore();
    // The import is applied all the same; its mails wait in the outbox (decision 033).
    expect(report).toMatchObject({ applied: true, mails: { sent: 0, failed: expected.length } });
    expect(t.mailer.sent).toEqual([]);
    expect((await db().select().from(foodChangeMails)).every((r) => r.sentAt !== null)).toBe(true);
    // An import from the command line leaves nothing to hand over either way.
    const job = createFoodChangeMails(db(), { outbox: t.app.mailOutbox, publicUrl: 'https://shop.test', shopName: 'Casa Maíz', now: clock.now });
    expect(await job.handOver()).toEqual([]);
    expect(await t.app.mailOutbox.deliverDue()).toEqual({ sent: expected.length, failed: 0, waiting: 0 });
    expect(t.mailer.sent.map((m) => m.to).sort()).toEqual(expected);
    clock.advance(61_000);
    expect(await t.app.mailOutbox.deliverDue()).toEqual({ sent: 0, failed: 0, waiting: 0 });
  });

  it('hands over the mails of an import without a mailer (the command line) by the job', async () => {
    const cli = createErpService(db(), { now: clock.now });
    const report = await cli.importFile({ kind: 'food', format: 'jsonl', input: (async function* () { yield foodFile(MILK); })(), dryRun: false, deactivateMissing: false });
    expect(report.applied).toBe(true);
    const expected = [...(await mailsOf(grooth.relationId)), ...(await mailsOf(ghint.relationId))];
    const job = createFoodChangeMails(db(), { outbox: t.app.mailOutbox, publicUrl: 'https://shop.test', shopName: 'Casa Maíz', now: clock.now });
    expect(await job.handOver()).toHaveLength(expected.length);
    expect(await job.handOver()).toEqual([]);
    expect(await t.app.mailOutbox.deliverDue()).toEqual({ sent: expected.length, failed: 0, waiting: 0 });
    expect(t.mailer.sent.map((m) => m.to).sort()).toEqual(expected.sort());
  });

  it('mails nobody and records nothing when the same file is imported again', async () => {
    await importFood(foodFile(MILK));
    const before = { changes: await changes(), mails: t.mailer.sent.length };
    expect(before.changes).toHaveLength(1);
    const again = await importFood(foodFile(MILK));
    expect(again.report.applied).toBe(true);
    expect(again.report.mails).toBeUndefined();
    expect(t.mailer.sent).toHaveLength(before.mails);
    expect(await changes()).toEqual(before.changes);
  });

  it('a dry run and a refused file mail nobody and record nothing', async () => {
    const dry = await importFood(foodFile(MILK), 'dry_run=1');
    expect(dry.report.applied).toBe(false);
    const refused = await importFood(`${foodFile(MILK)}\n${JSON.stringify({ erp_id: 'EXP-NOT-THERE' })}`);
    expect(refused.status).toBe(422);
    expect(t.mailer.sent).toEqual([]);
    expect(await changes()).toEqual([]);
    expect(await notices()).toEqual([]);
    expect(await db().select().from(foodChangeMails)).toEqual([]);
  });

  it('a later import with another change mails again, listing only that change', async () => {
    await importFood(foodFile(MILK));
    t.mailer.sent.length = 0;
    clock.advance(2 * DAY);
    await importFood(foodFile({ 'EXP-880001': { ...MILK['EXP-880001'], allergen_milk: 'may_contain' } }));
    const groothMail = sentTo(await mailsOf(grooth.relationId))[0]!;
    expect(groothMail.text).toContain('Op 27-11-2026');
    expect(groothMail.text).toContain('- Melk: was ‘bevat’, nu ‘kan bevatten’.');
    expect(groothMail.text).not.toContain('De ingrediënten zijn gewijzigd');
  });

  it('shows the notice on the product page to the relations told of it only, for 30 days', async () => {
    await importFood(foodFile(MILK));
    const groothSession = await login(t.app, 'grooth');
    const notice = { changed_on: '2026-11-25', ingredients_changed: true, allergens: [{ allergen: 'milk', from: 'free', to: 'contains' }] };
    expect((await detail(sauce, groothSession.cookie)).food_changes).toEqual([notice]);
    expect((await detail(sauce, groothSession.cookie, '/en')).food_changes).toEqual([notice]);
    // The product it did not change, and a customer whose purchase is older than 90 days, see none.
    expect((await detail(salsa, groothSession.cookie)).food_changes).toBeUndefined();
    const demoSession = await login(t.app, 'demo');
    expect((await detail(sauce, demoSession.cookie)).food_changes).toBeUndefined();

    clock.advance(29 * DAY);
    const later = await login(t.app, 'grooth');
    expect((await detail(sauce, later.cookie)).food_changes).toEqual([notice]);
    clock.advance(1 * DAY);
    const after30 = await login(t.app, 'grooth');
    expect((await detail(sauce, after30.cookie)).food_changes).toBeUndefined();
  });

  it('shows a change made past this server at once (the notice bumps its relation version)', async () => {
    const groothSession = await login(t.app, 'grooth');
    expect((await detail(sauce, groothSession.cookie)).food_changes).toBeUndefined();
    const [change] = await db()
      .insert(foodChanges)
      .values({ productId: sauce.id, importId: '00000000-0000-4000-8000-000000000001', changedAt: clock.now(), ingredientsChanged: false, allergens: [{ allergen: 'eggs', from: null, to: 'contains' }] })
      .returning();
    await db().insert(foodChangeNotices).values({ relationId: grooth.relationId, foodChangeId: change!.id });
    expect((await detail(sauce, groothSession.cookie)).food_changes).toEqual([
      { changed_on: '2026-11-25', ingredients_changed: false, allergens: [{ allergen: 'eggs', from: null, to: 'contains' }] },
    ]);
    await db().delete(foodChangeNotices).where(inArray(foodChangeNotices.foodChangeId, [change!.id]));
    expect((await detail(sauce, groothSession.cookie)).food_changes).toBeUndefined();
  });
});
