import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { type Product, productDetailResponse, productListResponse } from '../../../shared/api/catalog';
import { price } from '../../../shared/money';
import { categories, favorites, prices, productCategories, products, variations } from '../../db/schema';
import { API, login, useTestApp } from '../../test/app';
import { createProductTextCache } from './product-text-cache';
import { getJson, indexUrl, productPricedEverywhere, productRefs, type ProductRef } from './test-support';

/*
 * The catalogue keeps product texts per catalogue version (product-text-cache.ts) and assembles
 * its answers from them and the caller's own prices, favourites and quotes. These tests warm the
 * caches first and then check that nothing stale and nothing of another customer comes out.
 */

const t = useTestApp();

const detailUrl = (uuid: string, prefix = '') => `${API}${prefix}/jsonapi/commerce_product/default/${uuid}?jsonapi_include=1`;

async function detail(uuid: string, cookie: string, prefix = ''): Promise<Product> {
  const res = await getJson(t.app, detailUrl(uuid, prefix), cookie);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe('application/vnd.api+json; charset=utf-8');
  return productDetailResponse.strict().parse(res.json()).data;
}

/** The page of the list that holds the product (by article number order), and the product on it. */
async function onPage(ref: ProductRef, refs: ProductRef[], cookie: string, prefix = ''): Promise<{ page: Product[]; item: Product }> {
  const offset = refs.findIndex((r) => r.id === ref.id);
  const res = await getJson(t.app, indexUrl({ 'page[offset]': offset, 'page[limit]': 15 }, { prefix }), cookie);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe('application/vnd.api+json; charset=utf-8');
  const page = productListResponse.strict().parse(res.json()).data as Product[];
  const item = page.find((p) => p.id === ref.uuid);
  if (!item) throw new Error(`${ref.sku} is not on its page`);
  return { page, item };
}

async function setPrice(ref: ProductRef, pricelist: string, cents: number) {
  await t.app.database.db
    .update(prices)
    .set({ unitPriceCents: cents })
    .where(and(eq(prices.variationId, ref.variationId), eq(prices.pricelist, pricelist), eq(prices.minQuantity, 1)));
}

describe('the remembered product texts', () => {
  it("never give one customer another's prices or favourites, in the list or on the product page", async () => {
    const { db } = t.app.database;
    const refs = await productRefs(db);
    const ref = await productPricedEverywhere(db);
    await setPrice(ref, 'STANDAARD', 1111);
    await setPrice(ref, 'GROOTH', 2222);
    await db.delete(favorites).where(eq(favorites.productId, ref.id));
    const [favorite] = await db.insert(favorites).values({ relationId: 1, productId: ref.id, userId: 1 }).returning();
    const demo = await login(t.app, 'demo');
    const grooth = await login(t.app, 'grooth');
    // Twice each, in turns: the second round is answered from the warm caches.
    for (let round = 0; round < 2; round++) {
      for (const [session, cents, favoriteId] of [
        [demo, 1111, favorite?.uuid ?? null],
        [grooth, 2222, null],
      ] as const) {
        const { item } = await onPage(ref, refs, session.cookie);
        expect(item).toMatchObject({ price: price(cents), is_favorite: favoriteId !== null, favorite_id: favoriteId });
        expect(await detail(ref.uuid, session.cookie)).toMatchObject({ price: price(cents), is_favorite: favoriteId !== null, favorite_id: favoriteId });
      }
    }
    // A caller without relation gets the same texts and no prices at all.
    const staff = await login(t.app, 'staff');
    const { item } = await onPage(ref, refs, staff.cookie);
    expect(item).toMatchObject({ price: null, scaled_prices: [], price_on_request: true, is_favorite: false, quote_product_data: [] });
  });

  it('show a price change at once (prices are read for every request)', async () => {
    const { db } = t.app.database;
    const refs = await productRefs(db);
    const ref = await productPricedEverywhere(db);
    const demo = await login(t.app, 'demo');
    await setPrice(ref, 'STANDAARD', 1234);
    expect((await onPage(ref, refs, demo.cookie)).item.price).toEqual(price(1234));
    expect((await detail(ref.uuid, demo.cookie)).price).toEqual(price(1234));
    await setPrice(ref, 'STANDAARD', 4321);
    expect((await onPage(ref, refs, demo.cookie)).item.price).toEqual(price(4321));
    expect((await detail(ref.uuid, demo.cookie)).price).toEqual(price(4321));
  });

  it('show a change to a product at once, also one made past this server (straight in the database)', async () => {
    const { db } = t.app.database;
    const refs = await productRefs(db);
    const ref = refs[20] as ProductRef;
    const demo = await login(t.app, 'demo');
    const before = await onPage(ref, refs, demo.cookie);
    await detail(ref.uuid, demo.cookie);
    await detail(ref.uuid, demo.cookie, '/en');
    await db
      .update(products)
      .set({ titleNl: 'Nieuwe titel', titleEn: 'New title', descriptionNl: '<p>Nieuw</p><script>alert(1)</script>' })
      .where(eq(products.id, ref.id));
    const after = await onPage(ref, refs, demo.cookie);
    expect(after.item.title).toBe('Nieuwe titel');
    expect(after.item.description.value).toBe('<p>Nieuw</p><script>alert(1)</script>');
    // The rest of the page is as it was.
    expect(after.page.filter((p) => p.id !== ref.uuid)).toEqual(before.page.filter((p) => p.id !== ref.uuid));
    const page = await detail(ref.uuid, demo.cookie);
    expect(page).toMatchObject({ title: 'Nieuwe titel', description: { value: '<p>Nieuw</p>' } });
    expect((await detail(ref.uuid, demo.cookie, '/en')).title).toBe('New title');
    // A new article number and a product taken out of the catalogue too.
    await db.update(variations).set({ sku: `${ref.sku}X` }).where(eq(variations.productId, ref.id));
    expect((await detail(ref.uuid, demo.cookie)).sku).toBe(`${ref.sku}X`);
    await db.update(products).set({ active: false }).where(eq(products.id, ref.id));
    expect((await getJson(t.app, detailUrl(ref.uuid), demo.cookie)).statusCode).toBe(404);
    const res = await getJson(t.app, indexUrl({ 'page[offset]': 0, 'page[limit]': 1000 }), demo.cookie);
    expect(productListResponse.parse(res.json()).data.some((p) => p.id === ref.uuid)).toBe(false);
    await db.update(products).set({ active: true }).where(eq(products.id, ref.id));
    await db.update(variations).set({ sku: ref.sku }).where(eq(variations.productId, ref.id));
  });

  it('find a category added since the last request (no stale "unknown category")', async () => {
    const { db } = t.app.database;
    const refs = await productRefs(db);
    const ref = refs[5] as ProductRef;
    const demo = await login(t.app, 'demo');
    // Warm: the product list and the category filter at the current version.
    expect((await getJson(t.app, indexUrl({ 'page[limit]': 5, 'filter[categories]': 1 }), demo.cookie)).statusCode).toBe(200);
    expect((await getJson(t.app, indexUrl({ 'page[limit]': 5 }), demo.cookie)).statusCode).toBe(200);
    const [category] = await db.insert(categories).values({ erpId: 'CACHE-TEST', nameNl: 'Nieuw', nameEn: 'New' }).returning();
    if (!category) throw new Error('no category');
    await db.insert(productCategories).values({ productId: ref.id, categoryId: category.id });
    const res = await getJson(t.app, indexUrl({ 'filter[categories]': category.id }), demo.cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(productListResponse.parse(res.json()).data.map((p) => p.id)).toEqual([ref.uuid]);
  });

  it('answer the same JSON as the product put together whole', async () => {
    const { db } = t.app.database;
    const refs = await productRefs(db);
    const demo = await login(t.app, 'demo');
    const ref = refs[3] as ProductRef;
    const first = await getJson(t.app, detailUrl(ref.uuid), demo.cookie);
    const second = await getJson(t.app, detailUrl(ref.uuid), demo.cookie);
    expect(second.body).toBe(first.body);
    const item = JSON.parse(first.body).data as Product;
    // Key order as the schema has it (the order toProduct wrote them in before the split).
    expect(Object.keys(item)).toEqual(Object.keys(productDetailResponse.shape.data.shape));
  });
});

describe('createProductTextCache', () => {
  it('holds one catalogue version: a newer one empties it, an older one is ignored', () => {
    const cache = createProductTextCache(10);
    expect(cache.version).toBeNull();
    cache.set(3, 'a', '{"a":1}');
    cache.setId(3, 'uuid', 7);
    expect(cache.get(3, 'a')).toBe('{"a":1}');
    expect(cache.idOf(3, 'uuid')).toBe(7);
    // A request that read an older version gets nothing and adds nothing.
    expect(cache.get(2, 'a')).toBeUndefined();
    cache.set(2, 'b', '{"b":1}');
    expect(cache.get(3, 'b')).toBeUndefined();
    cache.observe(4);
    expect(cache.version).toBe(4);
    expect(cache.get(4, 'a')).toBeUndefined();
    expect(cache.idOf(4, 'uuid')).toBeUndefined();
    expect(cache.get(3, 'a')).toBeUndefined();
  });

  it('keeps at most its number of entries, the newest', () => {
    const cache = createProductTextCache(3);
    for (let i = 0; i < 5; i++) cache.set(1, `k${i}`, `{"i":${i}}`);
    expect(cache.size).toBe(3);
    expect(cache.get(1, 'k0')).toBeUndefined();
    expect(cache.get(1, 'k4')).toBe('{"i":4}');
  });
});
