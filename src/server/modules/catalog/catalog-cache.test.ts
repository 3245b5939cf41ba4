import { brotliDecompressSync } from 'node:zlib';
import { and, eq, sql } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import { describe, expect, it } from 'vitest';
import { type Product, productDetailResponse, productListResponse } from '../../../shared/api/catalog';
import { price } from '../../../shared/money';
import { categories, favorites, files, prices, productCategories, productImages, products, quoteLines, quotes, users, variations } from '../../db/schema';
import { API, login, useTestApp } from '../../test/app';
import { createVersionedCache } from '../../versioned-cache';
import { countQueries, getJson, indexUrl, productPricedEverywhere, productRefs, type ProductRef } from './test-support';

/*
 * The catalogue remembers product texts, images and prices, each relation's favourites and quotes,
 * and whole pages, at the data versions read with the session (decision 013). These tests warm
 * the caches first and then check that nothing stale and nothing of another customer comes out.
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

  it('show a price changed past this server at once, though prices are remembered (the prices trigger bumps the offers version)', async () => {
    const { db } = t.app.database;
    const refs = await productRefs(db);
    const ref = await productPricedEverywhere(db);
    const demo = await login(t.app, 'demo');
    await setPrice(ref, 'STANDAARD', 1234);
    // Twice: the second answer comes from the remembered page and prices.
    for (let warm = 0; warm < 2; warm++) {
      expect((await onPage(ref, refs, demo.cookie)).item.price).toEqual(price(1234));
      expect((await detail(ref.uuid, demo.cookie)).price).toEqual(price(1234));
    }
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
    // Key order as the schema has it (the order toProduct wrote them in before the split);
    // food_changes only when the relation is told of one (decision 024).
    const keys = Object.keys(productDetailResponse.shape.data.shape).filter((key) => key !== 'food_changes' || 'food_changes' in item);
    expect(Object.keys(item)).toEqual(keys);
  });
});

describe('the remembered favourites, quotes and images', () => {
  /** A product on one of demo's quotes (relation 1), with its quote line. */
  async function quotedProduct(refs: ProductRef[]) {
    const { db } = t.app.database;
    const [line] = await db
      .select({ lineId: quoteLines.id, variationId: quoteLines.variationId, quoteUuid: quotes.uuid })
      .from(quoteLines)
      .innerJoin(quotes, eq(quotes.id, quoteLines.quoteId))
      .where(and(eq(quotes.relationId, 1), sql`(${quotes.validUntil} is null or ${quotes.validUntil} >= current_date)`))
      .orderBy(quoteLines.id)
      .limit(1);
    const ref = refs.find((r) => r.variationId === line?.variationId);
    if (!line || !ref) throw new Error('demo has no quote on an active product');
    return { ref, line };
  }

  it('show a favourite added or removed past this server at once, to its relation only', async () => {
    const { db } = t.app.database;
    const refs = await productRefs(db);
    const ref = refs[7] as ProductRef;
    await db.delete(favorites).where(eq(favorites.productId, ref.id));
    const demo = await login(t.app, 'demo');
    const grooth = await login(t.app, 'grooth');
    for (const session of [demo, grooth]) {
      expect((await onPage(ref, refs, session.cookie)).item.is_favorite).toBe(false);
      expect((await detail(ref.uuid, session.cookie)).is_favorite).toBe(false);
    }
    const [favorite] = await db.insert(favorites).values({ relationId: 1, productId: ref.id, userId: 1 }).returning();
    expect((await onPage(ref, refs, demo.cookie)).item).toMatchObject({ is_favorite: true, favorite_id: favorite?.uuid });
    expect(await detail(ref.uuid, demo.cookie, '/en')).toMatchObject({ is_favorite: true, favorite_id: favorite?.uuid });
    expect((await onPage(ref, refs, grooth.cookie)).item).toMatchObject({ is_favorite: false, favorite_id: null });
    await db.delete(favorites).where(eq(favorites.productId, ref.id));
    expect((await onPage(ref, refs, demo.cookie)).item).toMatchObject({ is_favorite: false, favorite_id: null });
    expect(await detail(ref.uuid, demo.cookie)).toMatchObject({ is_favorite: false, favorite_id: null });
    // A TRUNCATE names no rows: every relation starts over.
    await db.insert(favorites).values({ relationId: 1, productId: ref.id, userId: 1 });
    expect((await onPage(ref, refs, demo.cookie)).item.is_favorite).toBe(true);
    await db.execute(sql`truncate ${favorites}`);
    expect((await onPage(ref, refs, demo.cookie)).item.is_favorite).toBe(false);
  });

  it('show a quote changed, ended or removed past this server at once', async () => {
    const { db } = t.app.database;
    const refs = await productRefs(db);
    const { ref, line } = await quotedProduct(refs);
    const demo = await login(t.app, 'demo');
    const grooth = await login(t.app, 'grooth');
    const quoted = async (prefix = '') => (await detail(ref.uuid, demo.cookie, prefix)).quote_product_data;
    expect((await onPage(ref, refs, demo.cookie)).item.quote_product_data.map((q) => q.id)).toContain(line.quoteUuid);
    expect((await quoted()).map((q) => q.id)).toContain(line.quoteUuid);
    expect((await onPage(ref, refs, grooth.cookie)).item.quote_product_data).toEqual([]);

    await db.update(quoteLines).set({ quotePriceCents: 1 }).where(eq(quoteLines.id, line.lineId));
    const changed = (await quoted()).find((q) => q.id === line.quoteUuid);
    expect(changed?.productData.find((d) => d.target_id === line.lineId)?.quote_price_formatted).toBe(price(1).formatted);
    expect((await onPage(ref, refs, demo.cookie)).item.quote_product_data.find((q) => q.id === line.quoteUuid)?.productData.some((d) => d.quote_price.number === price(1).number)).toBe(true);

    await db.update(quotes).set({ validUntil: '2000-01-01' }).where(eq(quotes.uuid, line.quoteUuid));
    expect((await quoted('/en')).map((q) => q.id)).not.toContain(line.quoteUuid);
    expect((await onPage(ref, refs, demo.cookie)).item.quote_product_data.map((q) => q.id)).not.toContain(line.quoteUuid);
    await db.update(quotes).set({ validUntil: null }).where(eq(quotes.uuid, line.quoteUuid));
    expect((await quoted()).map((q) => q.id)).toContain(line.quoteUuid);
    await db.delete(quoteLines).where(eq(quoteLines.id, line.lineId));
    const left = (await quoted()).find((q) => q.id === line.quoteUuid);
    expect(left?.productData.some((d) => d.target_id === line.lineId) ?? false).toBe(false);
  });

  it('show an image added past this server at once', async () => {
    const { db } = t.app.database;
    const refs = await productRefs(db);
    const ref = refs[11] as ProductRef;
    const demo = await login(t.app, 'demo');
    const before = (await onPage(ref, refs, demo.cookie)).item.images;
    expect((await detail(ref.uuid, demo.cookie)).images).toEqual(before);
    const [file] = await db.insert(files).values({ filename: 'cache-test.svg', mime: 'image/svg+xml', data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>') }).returning();
    await db.insert(productImages).values({ productId: ref.id, fileId: file!.id, weight: 99 });
    const after = (await onPage(ref, refs, demo.cookie)).item.images;
    expect(after.map((i) => i.id)).toEqual([...before.map((i) => i.id), file!.uuid]);
    expect((await detail(ref.uuid, demo.cookie)).images.map((i) => i.id)).toEqual(after.map((i) => i.id));
  });

  it('share a page between customers of one price list only while neither has a favourite or quote on it', async () => {
    const { db } = t.app.database;
    const refs = await productRefs(db);
    const ref = refs[30] as ProductRef;
    const [demoEn] = await db.select({ relationId: users.relationId }).from(users).where(eq(users.name, 'demo-en'));
    const otherRelation = demoEn!.relationId!;
    expect(otherRelation).not.toBe(1);
    // Neither relation has a favourite or a quote to begin with.
    for (const relationId of [1, otherRelation]) {
      await db.delete(favorites).where(eq(favorites.relationId, relationId));
      await db.delete(quotes).where(eq(quotes.relationId, relationId));
    }
    const demo = await login(t.app, 'demo');
    const other = await login(t.app, 'demo-en');
    // Both STANDAARD: the same page, remembered once.
    const first = await onPage(ref, refs, demo.cookie);
    expect((await onPage(ref, refs, other.cookie)).page).toEqual(first.page);
    expect(first.item.is_favorite).toBe(false);
    // demo-en's favourite on that page is theirs alone, in both directions and both orders.
    const [favorite] = await db.insert(favorites).values({ relationId: otherRelation, productId: ref.id, userId: null }).returning();
    for (let round = 0; round < 2; round++) {
      expect((await onPage(ref, refs, other.cookie)).item).toMatchObject({ is_favorite: true, favorite_id: favorite?.uuid });
      expect((await onPage(ref, refs, demo.cookie)).item).toMatchObject({ is_favorite: false, favorite_id: null });
    }
    await db.delete(favorites).where(eq(favorites.id, favorite!.id));
    expect((await onPage(ref, refs, other.cookie)).item).toMatchObject({ is_favorite: false, favorite_id: null });
    // Compressed, the shared page is the same document.
    const url = indexUrl({ 'page[offset]': refs.findIndex((r) => r.id === ref.id), 'page[limit]': 15 });
    const br = await t.app.inject({ url, headers: { cookie: other.cookie, 'accept-encoding': 'br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString()).data).toEqual(first.page);
  });

  it('answer a warm page and a warm product page with the session statement alone', async () => {
    const { db } = t.app.database;
    const refs = await productRefs(db);
    const { ref } = await quotedProduct(refs);
    const demo = await login(t.app, 'demo');
    const cold = await onPage(ref, refs, demo.cookie);
    await detail(ref.uuid, demo.cookie);
    const counter = countQueries(db);
    try {
      const warm = await onPage(ref, refs, demo.cookie);
      await detail(ref.uuid, demo.cookie);
      expect(counter.count()).toBe(2);
      expect(warm.page).toEqual(cold.page);
    } finally {
      counter.restore();
    }
  });
});

describe('createVersionedCache', () => {
  const lru = (maxSize: number) => new LRUCache<string, string>({ maxSize, sizeCalculation: (value) => value.length });

  it('holds one catalogue version: a newer one empties it, an older one is ignored', () => {
    const cache = createVersionedCache(lru(1000));
    expect(cache.version).toBeNull();
    cache.set(3, 'a', '{"a":1}');
    expect(cache.get(3, 'a')).toBe('{"a":1}');
    // A request that read an older version gets nothing and adds nothing.
    expect(cache.get(2, 'a')).toBeUndefined();
    cache.set(2, 'b', '{"b":1}');
    expect(cache.get(3, 'b')).toBeUndefined();
    cache.observe(4);
    expect(cache.version).toBe(4);
    expect(cache.size).toBe(0);
    expect(cache.get(4, 'a')).toBeUndefined();
    expect(cache.get(3, 'a')).toBeUndefined();
  });

  it('keeps what fits in its size, the most recently used', () => {
    const cache = createVersionedCache(lru(21));
    for (let i = 0; i < 3; i++) cache.set(1, `k${i}`, `{"i":${i}}`);
    // k0 is used, so k1 is the least recently used when k3 comes in.
    expect(cache.get(1, 'k0')).toBe('{"i":0}');
    cache.set(1, 'k3', '{"i":3}');
    expect(cache.size).toBe(3);
    expect(cache.get(1, 'k1')).toBeUndefined();
    expect(cache.get(1, 'k0')).toBe('{"i":0}');
    expect(cache.get(1, 'k3')).toBe('{"i":3}');
  });
});
