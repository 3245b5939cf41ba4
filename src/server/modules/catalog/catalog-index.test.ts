import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { categoryTreeResponse, productListResponse, type CategoryTerm } from '../../../shared/api/catalog';
import { categories, favorites, files, productCategories, productImages, products, variations } from '../../db/schema';
import { API, login, useTestApp } from '../../test/app';
import { countQueries, getJson, indexUrl, productBySku, productRefs } from './test-support';

const t = useTestApp();

const list = async (query: Record<string, string | number>, cookie: string, options: { prefix?: string; trailingSlash?: boolean } = {}) => {
  const res = await getJson(t.app, indexUrl({ jsonapi_include: 1, 'filter[entity_type]': 'commerce_product', ...query }, options), cookie);
  expect(res.statusCode, res.body).toBe(200);
  return productListResponse.parse(res.json());
};

describe('the category tree: GET /jsonapi/index/products?filter[entity_type]=taxonomy_term', () => {
  const tree = async (cookie: string, prefix = '', trailingSlash = false) => {
    const res = await getJson(t.app, indexUrl({ 'filter[entity_type]': 'taxonomy_term' }, { prefix, trailingSlash }), cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('application/vnd.api+json');
    return categoryTreeResponse.parse(res.json());
  };

  it('answers every term once, top level by weight, children under their parent, in Dutch', async () => {
    const { cookie } = await login(t.app, 'demo');
    const body = await tree(cookie);
    const rows = await t.app.database.db.select().from(categories);
    expect(body.meta.count).toBe(rows.length);
    const flat: CategoryTerm[] = [];
    const walk = (terms: CategoryTerm[]) => terms.forEach((term) => (flat.push(term), walk(term.children)));
    walk(body.data);
    expect(flat.map((term) => term.drupal_internal__tid).sort((a, b) => a - b)).toEqual(rows.map((r) => r.id).sort((a, b) => a - b));
    expect(body.data.every((term) => term.parent === null)).toBe(true);
    expect(body.data.map((term) => term.weight)).toEqual([...body.data.map((term) => term.weight)].sort((a, b) => a - b));
    const tortillas = body.data.find((term) => term.drupal_internal__tid === 1);
    const row = rows.find((r) => r.id === 1);
    expect(tortillas).toMatchObject({ type: 'taxonomy_term--product_category', id: row?.uuid, name: "Tortilla's", field_title: "Tortilla's", parent: null });
    expect(tortillas?.children.map((c) => c.name)).toEqual(["Maïstortilla's", "Tarwetortilla's", 'Tostadas', 'Tacoschelpen']);
    expect(tortillas?.children.every((c) => c.parent === 1)).toBe(true);
  });

  it('answers English names under /en, with or without the trailing slash', async () => {
    const { cookie } = await login(t.app, 'demo');
    const en = await tree(cookie, '/en', true);
    const row = (await t.app.database.db.select().from(categories).where(eq(categories.id, 2)))[0];
    const child = en.data.find((term) => term.drupal_internal__tid === 1)?.children.find((c) => c.drupal_internal__tid === 2);
    expect(child?.name).toBe(row?.nameEn);
    expect(child?.field_title).toBe(row?.nameEn);
  });

  it('sorts children of equal weight by name', async () => {
    await t.app.database.db.insert(categories).values({ erpId: 'CM-TEST', parentId: 1, nameNl: 'Aardappeltortilla', nameEn: 'Potato tortilla', weight: 0 });
    const { cookie } = await login(t.app, 'demo');
    const body = await tree(cookie);
    const names = body.data.find((term) => term.drupal_internal__tid === 1)?.children.map((c) => c.name);
    expect(names?.slice(0, 2)).toEqual(['Aardappeltortilla', "Maïstortilla's"]);
  });

  it('is forbidden without a session', async () => {
    const res = await getJson(t.app, indexUrl({ 'filter[entity_type]': 'taxonomy_term' }));
    expect(res.statusCode).toBe(403);
  });
});

describe('the product list: GET /jsonapi/index/products/', () => {
  it('answers active products by article number with the total count, page by page, with and without trailing slash', async () => {
    const { cookie } = await login(t.app, 'demo');
    const refs = await productRefs(t.app.database.db);
    const first = await list({ 'page[offset]': 0, 'page[limit]': 15, 'sort[artnr][path]': 'sku', 'sort[artnr][direction]': 'ASC' }, cookie);
    expect(first.meta.count).toBe(refs.length);
    expect(first.data.map((p) => p.sku)).toEqual(refs.slice(0, 15).map((r) => r.sku));
    const second = await list({ 'page[offset]': 15, 'page[limit]': 15 }, cookie, { trailingSlash: false });
    expect(second.data.map((p) => p.sku)).toEqual(refs.slice(15, 30).map((r) => r.sku));
    expect(second.meta.count).toBe(refs.length);
    const descending = await list({ 'page[limit]': 5, 'sort[artnr][direction]': 'DESC' }, cookie);
    expect(descending.data.map((p) => p.sku)).toEqual(refs.slice(-5).reverse().map((r) => r.sku));
  });

  it('answers an empty page with the full count past the last product', async () => {
    const { cookie } = await login(t.app, 'demo');
    const refs = await productRefs(t.app.database.db);
    const body = await list({ 'page[offset]': refs.length + 10, 'page[limit]': 15 }, cookie);
    expect(body).toEqual({ data: [], meta: { count: refs.length, facets: expect.any(Object) } });
  });

  it('leaves out inactive products and inactive variations', async () => {
    const { db } = t.app.database;
    const { cookie } = await login(t.app, 'demo');
    const before = await list({ 'page[limit]': 3 }, cookie);
    const [a, b] = before.data;
    await db.update(products).set({ active: false }).where(eq(products.uuid, a?.id ?? ''));
    await db.update(variations).set({ active: false }).where(eq(variations.uuid, b?.variations[0]?.id ?? ''));
    const after = await list({ 'page[limit]': 3 }, cookie);
    expect(after.meta.count).toBe(before.meta.count - 2);
    expect(after.data.map((p) => p.id)).not.toContain(a?.id);
    expect(after.data.map((p) => p.id)).not.toContain(b?.id);
  });

  it('answers each product with its variation, categories and images in weight order, as the contract says', async () => {
    const { db } = t.app.database;
    const { cookie } = await login(t.app, 'demo');
    const product = await productBySku(db, '101001');
    const [file] = await db.insert(files).values({ filename: 'extra-101001.svg', mime: 'image/svg+xml', data: Buffer.from('<svg/>') }).returning();
    await db.insert(productImages).values({ productId: product.id, fileId: file?.id ?? 0, weight: -1 });
    const [item] = (await list({ 'page[limit]': 1 }, cookie)).data;
    expect(item).toMatchObject({
      type: 'commerce_product--default',
      id: product.uuid,
      drupal_internal__product_id: product.id,
      cb_product_id: 'ART-101001',
      langcode: 'nl',
      sku: '101001',
      variations: [{ type: 'commerce_product_variation--default', id: expect.any(String), drupal_internal__variation_id: product.variationId, product_id: product.id, sku: '101001' }],
      description: { format: 'basic_html' },
    });
    const categoryRows = await db.select().from(productCategories).where(eq(productCategories.productId, product.id));
    expect(item?.categories).toEqual(categoryRows.map((r) => r.categoryId).sort((x, y) => x - y));
    expect(item?.images[0]).toEqual({
      type: 'file--file',
      id: file?.uuid,
      filename: 'extra-101001.svg',
      image_style_uri: {
        small_thumbnail: `${API}/images/styles/small_thumbnail/${file?.uuid}.webp`,
        thumbnail: `${API}/images/styles/thumbnail/${file?.uuid}.webp`,
        large: `${API}/images/styles/large/${file?.uuid}.webp`,
      },
    });
    expect(item?.images.length).toBeGreaterThan(1);
  });

  it('answers English titles and texts under /en', async () => {
    const { cookie } = await login(t.app, 'demo');
    const [item] = (await list({ 'page[limit]': 1 }, cookie, { prefix: '/en' })).data;
    const [row] = await t.app.database.db.select().from(products).where(eq(products.uuid, item?.id ?? ''));
    expect(item?.langcode).toBe('en');
    expect(item?.title).toBe(row?.titleEn);
    expect(item?.description.value).toBe(row?.descriptionEn);
  });

  it('filters on a category and its descendants', async () => {
    const { db } = t.app.database;
    const { cookie } = await login(t.app, 'demo');
    const family = [1, 2, 3, 4, 5];
    const inFamily = await db.selectDistinct({ id: productCategories.productId }).from(productCategories).where(inArray(productCategories.categoryId, family));
    const top = await list({ 'filter[categories]': 1, 'page[limit]': 1000 }, cookie);
    expect(top.meta.count).toBe(inFamily.length);
    expect(top.data.map((p) => p.drupal_internal__product_id).sort((a, b) => a - b)).toEqual(inFamily.map((r) => r.id).sort((a, b) => a - b));
    const leaf = await list({ 'filter[categories]': 3, 'page[limit]': 1000 }, cookie);
    expect(leaf.meta.count).toBeGreaterThan(0);
    expect(leaf.meta.count).toBeLessThan(top.meta.count);
    expect(leaf.data.every((p) => p.categories.includes(3))).toBe(true);
  });

  it('answers 400 with a clear message for an unknown category', async () => {
    const { cookie } = await login(t.app, 'demo');
    const res = await getJson(t.app, indexUrl({ 'filter[categories]': 99999 }), cookie);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: 'Er is geen categorie 99999.', errors: [{ status: '400', detail: 'filter[categories]: Er is geen categorie 99999.' }] });
  });

  it.each([
    [{ 'page[offset]': -1 }, 'page[offset]'],
    [{ 'page[limit]': 0 }, 'page[limit]'],
    [{ 'page[limit]': 5000 }, 'page[limit]'],
    [{ 'page[limit]': 'abc' }, 'page[limit]'],
    [{ 'page[offset]': '1.5' }, 'page[offset]'],
    [{ 'filter[categories]': 'tortillas' }, 'filter[categories]'],
    [{ 'filter[categories]': '1 or 1=1' }, 'filter[categories]'],
    [{ 'filter[fulltext]': 'x'.repeat(201) }, 'filter[fulltext]'],
    [{ 'filter[entity_type]': 'node' }, 'filter[entity_type]'],
    [{ 'filter[favorites]': "1'; drop table favorites; --" }, 'filter[favorites]'],
    [{ 'sort[artnr][direction]': 'UP' }, 'sort[artnr][direction]'],
    [{ 'sort[artnr][path]': 'title' }, 'sort[artnr][path]'],
  ] as const)('answers 400 naming the parameter for %o', async (query, field) => {
    const { cookie } = await login(t.app, 'demo');
    const res = await getJson(t.app, indexUrl(query), cookie);
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toContain('application/vnd.api+json');
    expect(res.json().errors[0].detail).toContain(field);
  });

  it('is forbidden without a session', async () => {
    const res = await getJson(t.app, indexUrl({ 'page[limit]': 15 }));
    expect(res.statusCode).toBe(403);
  });

  it('runs as many queries for 45 products as for 5, with every filter', async () => {
    const { db } = t.app.database;
    const { cookie } = await login(t.app, 'demo');
    const refs = await productRefs(db);
    // Put 45 products on demo's order list, so the favourites filter has a full page too.
    await db.delete(favorites).where(eq(favorites.relationId, 1));
    await db.insert(favorites).values(refs.slice(0, 45).map((ref) => ({ relationId: 1, productId: ref.id, userId: 1 })));
    const queriesFor = async (query: Record<string, string | number>) => {
      const counter = countQueries(db);
      try {
        const body = await list(query, cookie);
        return { queries: counter.count(), size: body.data.length };
      } finally {
        counter.restore();
      }
    };
    const filterSets: Record<string, string | number>[] = [{}, { 'filter[fulltext]': 'a' }, { 'filter[categories]': 1 }, { 'filter[favorites]': 1 }];
    for (const filters of filterSets) {
      // The first request of a filter also reads its matches (and the category tree and the food index)
      // once, and the page's stock levels in a statement of their own (decision 030).
      const cold = await queriesFor({ ...filters, 'page[limit]': 45 });
      // A search also counts against its rate limit in the database (decision 034).
      const counter = 'filter[fulltext]' in filters ? 1 : 0;
      expect(cold.queries, JSON.stringify(filters)).toBeLessThanOrEqual(('filter[categories]' in filters ? 7 : 6) + counter);
      const small = await queriesFor({ ...filters, 'page[limit]': 5 });
      const large = await queriesFor({ ...filters, 'page[limit]': 45 });
      expect(small.size).toBe(5);
      expect(large.size).toBeGreaterThan(15);
      expect(large.queries, JSON.stringify(filters)).toBe(small.queries);
      // Warm: the session's statement alone (the order list: its page of ids too; a search: its counter).
      expect(large.queries, JSON.stringify(filters)).toBe(('filter[favorites]' in filters ? 2 : 1) + counter);
    }
  });
});
