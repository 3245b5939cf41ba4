import { and, eq, isNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { type Product, product, productDetailResponse, productListResponse } from '../../../shared/api/catalog';
import { price } from '../../../shared/money';
import { favorites, prices, products, quoteLines, quotes, relations, users } from '../../db/schema';
import { API, login, type Session, sessionCookie, useTestApp } from '../../test/app';
import { businessDay } from '../../../shared/delivery-date';
import { addDays, clearPrices, getJson, indexUrl, productBySku, productPricedEverywhere, type ProductRef } from './test-support';

const t = useTestApp();

const detailUrl = (uuid: string, prefix = '') =>
  `${API}${prefix}/jsonapi/commerce_product/default/${uuid}?jsonapi_include=1&include=cb_product,images,variations,is_favorite`;

async function detail(uuid: string, cookie: string, prefix = ''): Promise<Product> {
  const res = await getJson(t.app, detailUrl(uuid, prefix), cookie);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toContain('application/vnd.api+json');
  // The product page answers what the list does, and its food information besides (catalog-food.test.ts).
  return product.parse(productDetailResponse.parse(res.json()).data);
}

/** The product as the list answers it (searched by its article number). */
async function fromList(ref: ProductRef, cookie: string, extra: Record<string, string | number> = {}): Promise<Product> {
  const res = await getJson(t.app, indexUrl({ 'filter[fulltext]': ref.sku, 'page[limit]': 1, ...extra }), cookie);
  expect(res.statusCode, res.body).toBe(200);
  const [item] = productListResponse.parse(res.json()).data;
  expect(item?.sku).toBe(ref.sku);
  return item as Product;
}

async function listPrice(ref: ProductRef, pricelist: string): Promise<number> {
  const [row] = await t.app.database.db
    .select({ cents: prices.unitPriceCents })
    .from(prices)
    .where(and(eq(prices.variationId, ref.variationId), eq(prices.pricelist, pricelist), eq(prices.minQuantity, 1), isNull(prices.validFrom)));
  if (!row) throw new Error(`no ${pricelist} price`);
  return row.cents;
}

const today = () => businessDay(new Date());

describe("the caller's prices in the product list and on the product page", () => {
  it('shows each customer the prices of their own price list, formatted nl-NL in EUR', async () => {
    const ref = await productPricedEverywhere(t.app.database.db);
    const standaard = await listPrice(ref, 'STANDAARD');
    const grooth = await listPrice(ref, 'GROOTH');
    const ghint = await listPrice(ref, 'GH-INT');
    expect(new Set([standaard, grooth, ghint]).size).toBe(3);
    for (const [user, cents] of [['demo', standaard], ['grooth', grooth], ['ghint', ghint]] as const) {
      const { cookie } = await login(t.app, user);
      const item = await fromList(ref, cookie);
      expect(item.price).toEqual(price(cents));
      expect(item.price?.formatted).toMatch(/^€\s\d+,\d{2}$/);
      expect(item.scaled_prices[0]).toEqual({ quantity: 1, price: price(cents) });
      expect(item.price_on_request).toBe(false);
      expect(item.minimum_quantity).toBe(1);
      expect(await detail(ref.uuid, cookie)).toEqual(item);
    }
  });

  it('ignores page[u]: naming another relation does not give its prices', async () => {
    const ref = await productPricedEverywhere(t.app.database.db);
    const { cookie } = await login(t.app, 'demo');
    const item = await fromList(ref, cookie, { 'page[u]': 3 });
    expect(item.price).toEqual(price(await listPrice(ref, 'STANDAARD')));
  });

  it("shows a GROOTH customer 'price on request' for a product without a GROOTH price, which demo sees priced", async () => {
    const { db } = t.app.database;
    const ref = await productPricedEverywhere(db);
    await clearPrices(db, ref.variationId, ['GROOTH']);
    const grooth = await login(t.app, 'grooth');
    const item = await fromList(ref, grooth.cookie);
    expect(item).toMatchObject({ price: null, scaled_prices: [], minimum_quantity: 1, price_on_request: true });
    const demo = await login(t.app, 'demo');
    expect((await fromList(ref, demo.cookie)).price_on_request).toBe(false);
  });

  it('answers scaled prices by quantity; the minimum quantity is the lowest one', async () => {
    const { db } = t.app.database;
    const ref = await productPricedEverywhere(db);
    await clearPrices(db, ref.variationId, ['GROOTH']);
    await db.insert(prices).values([
      { pricelist: 'GROOTH', variationId: ref.variationId, minQuantity: 24, unitPriceCents: 900 },
      { pricelist: 'GROOTH', variationId: ref.variationId, minQuantity: 6, unitPriceCents: 1000 },
    ]);
    const { cookie } = await login(t.app, 'grooth');
    const item = await detail(ref.uuid, cookie);
    expect(item.scaled_prices).toEqual([
      { quantity: 6, price: price(1000) },
      { quantity: 24, price: price(900) },
    ]);
    expect(item).toMatchObject({ price: price(1000), minimum_quantity: 6, price_on_request: false });
  });

  it('uses only prices valid today, the latest started one per quantity', async () => {
    const { db } = t.app.database;
    const ref = await productPricedEverywhere(db);
    const day = today();
    await clearPrices(db, ref.variationId, ['STANDAARD']);
    await db.insert(prices).values([
      { pricelist: 'STANDAARD', variationId: ref.variationId, minQuantity: 1, unitPriceCents: 1000, validFrom: null },
      { pricelist: 'STANDAARD', variationId: ref.variationId, minQuantity: 1, unitPriceCents: 1100, validFrom: addDays(day, -10) },
      { pricelist: 'STANDAARD', variationId: ref.variationId, minQuantity: 1, unitPriceCents: 1200, validFrom: addDays(day, 5) },
      { pricelist: 'STANDAARD', variationId: ref.variationId, minQuantity: 6, unitPriceCents: 900, validFrom: addDays(day, -30), validUntil: addDays(day, -1) },
      { pricelist: 'STANDAARD', variationId: ref.variationId, minQuantity: 12, unitPriceCents: 950, validFrom: day, validUntil: day },
      { pricelist: 'STANDAARD', variationId: ref.variationId, minQuantity: 48, unitPriceCents: 800, validFrom: addDays(day, 1) },
    ]);
    const { cookie } = await login(t.app, 'demo');
    const item = await fromList(ref, cookie);
    expect(item.scaled_prices).toEqual([
      { quantity: 1, price: price(1100) },
      { quantity: 12, price: price(950) },
    ]);
    expect(item.price).toEqual(price(1100));
  });

  it('shows no prices to a user without relation, to staff, or when the relation is inactive', async () => {
    const { db } = t.app.database;
    const ref = await productPricedEverywhere(db);
    for (const user of ['norelation', 'staff']) {
      const { cookie } = await login(t.app, user);
      const item = await fromList(ref, cookie);
      expect(item).toMatchObject({ price: null, scaled_prices: [], price_on_request: true, is_favorite: false, favorite_id: null, quote_product_data: [] });
    }
    const { cookie } = await login(t.app, 'demo');
    await db.update(relations).set({ active: false }).where(eq(relations.id, 1));
    expect((await fromList(ref, cookie)).price).toBeNull();
  });

  it('shows the customer prices to staff masquerading as the customer', async () => {
    const ref = await productPricedEverywhere(t.app.database.db);
    const staff = await login(t.app, 'staff');
    const res = await t.app.inject({ method: 'POST', url: `${API}/api/staff/masquerade/3`, headers: { cookie: staff.cookie, 'x-csrf-token': staff.csrf } });
    expect(res.statusCode, res.body).toBe(200);
    const item = await fromList(ref, sessionCookie(res));
    expect(item.price).toEqual(price(await listPrice(ref, 'GROOTH')));
  });
});

describe("the caller's favourite and quotes on a product", () => {
  async function addQuote(relationId: number, validUntil: string | null, lines: Array<{ variationId: number; cents: number; quantity: number }>) {
    const { db } = t.app.database;
    const [quote] = await db
      .insert(quotes)
      .values({ erpId: `Q-TEST-${relationId}-${validUntil}-${lines.length}`, relationId, label: `Offerte test ${relationId}`, url: 'https://example.test/q.pdf', validUntil })
      .returning();
    if (!quote) throw new Error('no quote');
    const inserted = await db
      .insert(quoteLines)
      .values(
        lines.map((line) => ({
          quoteId: quote.id,
          variationId: line.variationId,
          quotePriceCents: line.cents,
          standardCostCents: 800,
          quantity: line.quantity,
          markupBasisPoints: 1250,
          remark: 'Bij afname per doos',
          unitLabel: 'doos',
        })),
      )
      .returning();
    return { quote, lines: inserted };
  }

  it("lists the relation's valid quotes that name the product, with only this product's lines", async () => {
    const { db } = t.app.database;
    const ref = await productBySku(db, '101002');
    const other = await productBySku(db, '101003');
    await db.delete(quotes);
    const day = today();
    const { quote, lines } = await addQuote(1, addDays(day, 30), [
      { variationId: ref.variationId, cents: 1200, quantity: 12 },
      { variationId: other.variationId, cents: 999, quantity: 6 },
      { variationId: ref.variationId, cents: 1100, quantity: 48 },
    ]);
    const lastDay = await addQuote(1, day, [{ variationId: ref.variationId, cents: 1150, quantity: 24 }]);
    await addQuote(1, addDays(day, -1), [{ variationId: ref.variationId, cents: 1000, quantity: 6 }]);
    await addQuote(2, addDays(day, 30), [{ variationId: ref.variationId, cents: 900, quantity: 6 }]);
    const { cookie } = await login(t.app, 'demo');
    const item = await detail(ref.uuid, cookie);
    expect(item.quote_product_data.map((q) => q.id)).toEqual([lastDay.quote.uuid, quote.uuid]);
    expect(item.quote_product_data[1]).toEqual({
      id: quote.uuid,
      label: 'Offerte test 1',
      url: 'https://example.test/q.pdf',
      valid_until: addDays(day, 30),
      productData: [
        {
          target_id: lines[0]?.id,
          product_price_target_id: ref.variationId,
          standard_cost: price(800),
          quote_price: price(1200),
          quote_price_formatted: price(1200).formatted,
          quantity: 12,
          markup: 12.5,
          remark: 'Bij afname per doos',
          unit_label: 'doos',
        },
        expect.objectContaining({ target_id: lines[2]?.id, quantity: 48, quote_price: price(1100) }),
      ],
    });
    expect(await fromList(ref, cookie)).toEqual(item);
    // demo-en (relation 2) sees only its own quote.
    const demoEn = await login(t.app, 'demo-en');
    expect((await detail(ref.uuid, demoEn.cookie)).quote_product_data.map((q) => q.label)).toEqual(['Offerte test 2']);
    const grooth = await login(t.app, 'grooth');
    expect((await detail(ref.uuid, grooth.cookie)).quote_product_data).toEqual([]);
  });

  it("marks the relation's favourites, and only for that relation", async () => {
    const { db } = t.app.database;
    const ref = await productBySku(db, '101004');
    await db.delete(favorites).where(eq(favorites.productId, ref.id));
    const [favorite] = await db.insert(favorites).values({ relationId: 1, productId: ref.id, userId: 1 }).returning();
    const demo = await login(t.app, 'demo');
    expect(await detail(ref.uuid, demo.cookie)).toMatchObject({ is_favorite: true, favorite_id: favorite?.uuid });
    const grooth = await login(t.app, 'grooth');
    expect(await fromList(ref, grooth.cookie)).toMatchObject({ is_favorite: false, favorite_id: null });
  });
});

describe('the product page: GET /jsonapi/commerce_product/default/{id}', () => {
  it('answers the product in the language of the request', async () => {
    const { db } = t.app.database;
    const ref = await productBySku(db, '101001');
    const [row] = await db.select().from(products).where(eq(products.id, ref.id));
    const { cookie } = await login(t.app, 'demo-en');
    const item = await detail(ref.uuid.toUpperCase(), cookie, '/en');
    expect(item).toMatchObject({ id: ref.uuid, title: row?.titleEn, langcode: 'en', specifications: { value: row?.specificationsEn } });
  });

  it('answers 404 for an unknown or inactive product, 400 for an id that is not a uuid', async () => {
    const { db } = t.app.database;
    const ref = await productBySku(db, '101001');
    const { cookie } = await login(t.app, 'demo');
    const unknown = await getJson(t.app, detailUrl('00000000-0000-4000-8000-000000000000'), cookie);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ errors: [{ status: '404' }] });
    await db.update(products).set({ active: false }).where(eq(products.id, ref.id));
    expect((await getJson(t.app, detailUrl(ref.uuid), cookie)).statusCode).toBe(404);
    for (const id of ['1', 'not-a-uuid', `${ref.uuid}x`]) {
      const res = await getJson(t.app, detailUrl(id), cookie);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[0].status).toBe('400');
    }
  });

  it('sanitises the description and specifications it serves, even when a row holds unsafe HTML', async () => {
    const { db } = t.app.database;
    const ref = await productBySku(db, '101001');
    await db
      .update(products)
      .set({
        descriptionNl: '<p onclick="steal()">Verse <b>masa</b><script>alert(1)</script><img src="x" onerror="steal()"></p>',
        specificationsNl: '<table><tr><th>Merk</th><td><a href="javascript:steal()">La Milpa</a></td></tr></table><iframe src="https://evil.example"></iframe>',
      })
      .where(eq(products.id, ref.id));
    const { cookie } = await login(t.app, 'demo');
    const item = await detail(ref.uuid, cookie);
    expect(item.description.processed).toBe('<p>Verse <strong>masa</strong><img src="x" /></p>');
    expect(item.specifications.processed).toBe('<table><tr><th>Merk</th><td><a>La Milpa</a></td></tr></table>');
    expect(item.description.value).toBe(item.description.processed);
  });

  it('is forbidden without a session', async () => {
    const ref = await productBySku(t.app.database.db, '101001');
    expect((await getJson(t.app, detailUrl(ref.uuid))).statusCode).toBe(403);
  });

  it("answers a user whose account lost its relation without prices (the session follows the user's relation)", async () => {
    const { db } = t.app.database;
    const ref = await productPricedEverywhere(db);
    const session: Session = await login(t.app, 'demo');
    expect((await detail(ref.uuid, session.cookie)).price).not.toBeNull();
    await db.update(users).set({ relationId: null }).where(eq(users.id, 1));
    expect((await detail(ref.uuid, session.cookie)).price).toBeNull();
  });
});
