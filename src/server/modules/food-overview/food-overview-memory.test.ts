import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { type FoodOverviewFormat, foodOverviewQuery } from '../../../shared/api/food-overview';
import { createCacheBudget } from '../../cache-budget';
import { users } from '../../db/schema';
import type { Lang } from '../../plugins/language';
import { login, type Session, useTestApp } from '../../test/app';
import { findCatalogueVersion } from '../search/search.repository';
import { type ProductRef, productRefs } from '../catalog/test-support';
import { createFoodOverviewService } from './food-overview.service';
import { overviewPdf } from './overview-pdf';
import { type OverviewDocument, overviewCsv, overviewXlsx } from './overview-sheets';
import { clearFood, getOverview, giveFood, placeOrder } from './test-support';

/**
 * The allergen overview is remembered once drawn (issue 39 point 4): asked again, the same file
 * is served from memory; a food change, an order placed since or another language, format or
 * period is another file and is drawn. The drawings are counted on a service of the test's own
 * (the app draws in a worker thread); the rest goes through the app.
 */
const DRAW: Record<FoodOverviewFormat, (doc: OverviewDocument) => Buffer | Promise<Buffer>> = { pdf: overviewPdf, csv: overviewCsv, xlsx: overviewXlsx };
const NOW = new Date('2026-11-23T09:00:00+01:00');

// Monday 23 November 2026, 09:00 in Amsterdam.
const t = useTestApp({}, { now: () => NOW });

let demo: Session;
let taco: ProductRef;
let salsa: ProductRef;

beforeEach(async () => {
  const db = t.app.database.db;
  [taco, salsa] = (await productRefs(db)).slice(0, 2) as [ProductRef, ProductRef];
  await clearFood(db, [taco, salsa]);
  await giveFood(db, taco, { titles: ['Tarwetortilla 20 cm', 'Wheat tortilla 20 cm'], legalName: ['Tortilla van tarwemeel', 'Wheat flour tortilla'], allergens: { gluten: 'contains' } });
  await giveFood(db, salsa, { titles: ['Salsa verde', 'Green salsa'] });
  await placeOrder(db, 1, 1, '2026-11-20T10:00:00Z', [taco]);
  demo = await login(t.app, 'demo');
});

async function download(query: string, prefix = '', session = demo): Promise<Buffer> {
  const res = await getOverview(t.app, session, query, prefix);
  expect(res.statusCode, res.body).toBe(200);
  return res.rawPayload;
}

describe('the allergen overview, remembered', () => {
  it('gives a customer asking again the same bytes without drawing again; another format, language or period is drawn', async () => {
    const drawn: FoodOverviewFormat[] = [];
    const overview = createFoodOverviewService(t.app.database.db, {
      shopName: 'Casa Maíz',
      now: () => NOW,
      caches: createCacheBudget(16 * 2 ** 20),
      render: async (format, doc) => {
        drawn.push(format);
        return DRAW[format](doc);
      },
    });
    const session = await t.app.sessions.resolve(decodeURIComponent(demo.cookie.slice(demo.cookie.indexOf('=') + 1)));
    const ask = async (query: Record<string, string>, lang: Lang = 'nl') => (await overview.download(foodOverviewQuery.parse(query), session!, lang)).body;

    const csv = await ask({ format: 'csv' });
    expect(await ask({ format: 'csv' })).toEqual(csv);
    const pdf = await ask({ format: 'pdf' });
    expect(await ask({ format: 'pdf' })).toEqual(pdf);
    expect(drawn).toEqual(['csv', 'pdf']);

    expect((await ask({ format: 'csv' }, 'en')).toString('utf8')).toContain('Wheat tortilla 20 cm');
    await ask({ format: 'csv', from: '2026-11-01' });
    expect(await ask({ format: 'csv' })).toEqual(csv);
    expect(drawn).toEqual(['csv', 'pdf', 'csv', 'csv']);
  });

  it('renders again after a food change (a new catalogue version), with the new information', async () => {
    const before = await download('?format=csv');
    const version = await findCatalogueVersion(t.app.database.db);
    await giveFood(t.app.database.db, taco, { legalName: ['Tortilla van volkorenmeel', 'Wholemeal tortilla'], allergens: { gluten: 'may_contain' } });
    expect(await findCatalogueVersion(t.app.database.db)).toBeGreaterThan(version);
    const after = (await download('?format=csv')).toString('utf8');
    expect(after).not.toEqual(before.toString('utf8'));
    expect(after).toContain('Tortilla van volkorenmeel');
    expect(after).not.toContain('Tortilla van tarwemeel');
  });

  it('renders again when the relation placed an order since, though the catalogue did not change', async () => {
    expect((await download('?format=csv')).toString('utf8')).not.toContain('Salsa verde');
    await placeOrder(t.app.database.db, 1, 1, '2026-11-22T10:00:00Z', [salsa]);
    expect((await download('?format=csv')).toString('utf8')).toContain('Salsa verde');
  });

  it("never serves one relation's file to another relation that bought the same", async () => {
    const ownFile = (await download('?format=csv')).toString('utf8');
    const db = t.app.database.db;
    const [grooth] = await db.select({ id: users.id, relationId: users.relationId }).from(users).where(eq(users.name, 'grooth'));
    expect(grooth?.relationId).not.toBe(1);
    await placeOrder(db, grooth!.id, grooth!.relationId!, '2026-11-20T10:00:00Z', [taco]);
    const other = (await download('?format=csv', '', await login(t.app, 'grooth'))).toString('utf8');
    expect(other).toContain('Tarwetortilla 20 cm');
    expect(other).not.toEqual(ownFile);
  });

  it('counts the files it keeps in bytes, within its share of the cache budget', async () => {
    const pdf = await download('?format=pdf');
    const share = t.app.caches.report().find((c) => c.name === 'foodOverviews');
    expect(share?.entries).toBeGreaterThanOrEqual(1);
    expect(share?.bytes).toBeGreaterThanOrEqual(pdf.byteLength);
    expect(share?.bytes).toBeLessThanOrEqual(share?.maxBytes ?? 0);
  });
});
