import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { productListResponse } from '../../../shared/api/catalog';
import { suggestionsResponse } from '../../../shared/api/search';
import { prices, products, variations } from '../../db/schema';
import { API, login, useTestApp } from '../../test/app';
import { getJson, indexUrl } from '../catalog/test-support';

const t = useTestApp();

async function suggest(q: string, options: { user?: string; prefix?: string } = {}) {
  const { cookie } = await login(t.app, options.user ?? 'demo');
  return getJson(t.app, `${API}${options.prefix ?? ''}/api/search/suggestions?${new URLSearchParams({ q })}`, cookie);
}

async function suggestions(q: string, options: { user?: string; prefix?: string } = {}) {
  const res = await suggest(q, options);
  expect(res.statusCode, res.body).toBe(200);
  return suggestionsResponse.parse(res.json());
}

describe('search suggestions as you type (GET /api/search/suggestions)', () => {
  it("suggests up to 8 products in the list's order with the customer's own list price, and matching categories", async () => {
    const { cookie } = await login(t.app, 'grooth');
    const list = productListResponse.parse(
      (await getJson(t.app, indexUrl({ 'filter[fulltext]': 'tort', 'page[limit]': 8 }), cookie)).json(),
    );
    const found = await suggestions('tort', { user: 'grooth' });
    expect(found.products).toHaveLength(8);
    expect(found.products.map((p) => p.id)).toEqual(list.data.map((p) => p.id));
    for (const [i, product] of found.products.entries()) {
      const listed = list.data[i]!;
      expect(product).toEqual({
        id: listed.id,
        title: listed.title,
        sku: listed.sku,
        image: listed.images[0]?.image_style_uri.small_thumbnail ?? null,
        price: listed.price,
      });
    }
    expect(found.categories.length).toBeGreaterThan(0);
    expect(found.categories.length).toBeLessThanOrEqual(3);
    expect(found.categories.every((c) => /(^|\s)tort/i.test(c.name))).toBe(true);
  });

  it('names categories in the language of the request, accents optional', async () => {
    const nl = await suggestions('maistort');
    expect(nl.categories.map((c) => c.name)).toEqual(["Maïstortilla's"]);
    const en = await suggestions('corn tort', { prefix: '/en' });
    expect(en.categories.map((c) => c.name)).toEqual(['Corn tortillas']);
  });

  it('finds a product by the start of its article number', async () => {
    const found = await suggestions('1010');
    expect(found.products.length).toBeGreaterThan(0);
    expect(found.products.every((p) => p.sku.startsWith('1010'))).toBe(true);
  });

  it('asks nothing below two letters or digits', async () => {
    expect(await suggestions('t')).toEqual({ products: [], categories: [] });
    expect(await suggestions(' t! ')).toEqual({ products: [], categories: [] });
    expect(await suggestions('')).toEqual({ products: [], categories: [] });
  });

  it('answers symbols, emoji, SQL and tsquery operators with suggestions or nothing, never an error', async () => {
    for (const q of ['%%%&&&|||', '🌮🌯🥑', "' or 1=1 --", 'tort:* & !a | (b', "tort'; drop table products; --", '\\x00', '<script>alert(1)</script>', 'a'.repeat(200)]) {
      const res = await suggest(q);
      expect(res.statusCode, `${q}: ${res.body}`).toBe(200);
      suggestionsResponse.parse(res.json());
    }
    expect((await suggestions('tort:* & !')).products.length).toBeGreaterThan(0);
    // A NUL character is refused before any route, as everywhere (input guard).
    const nul = await suggest('tort\u0000');
    expect(nul.statusCode).toBe(400);
    expect(nul.json().message).toContain('NUL');
  });

  it('refuses a 10,000-character text with a clear 400 in the language of the request', async () => {
    const nl = await suggest('a'.repeat(10_000));
    expect(nl.statusCode).toBe(400);
    expect(nl.json().message).toContain('maximaal 200 tekens');
    const en = await suggest('a'.repeat(10_000), { prefix: '/en' });
    expect(en.statusCode).toBe(400);
    expect(en.json().message).toContain('at most 200 characters');
  });

  it('is for logged-in users only, as the assortment is', async () => {
    const res = await getJson(t.app, `${API}/api/search/suggestions?q=tort`);
    expect(res.statusCode).toBe(403);
  });

  it("gives each price list and language its own prices and names, also for products another customer's prefix suggested before", async () => {
    const listed = async (user: string, q: string, prefix = '') => {
      const { cookie } = await login(t.app, user);
      const res = await getJson(t.app, indexUrl({ 'filter[fulltext]': q, 'page[limit]': 8 }, { prefix }), cookie);
      return new Map(productListResponse.parse(res.json()).data.map((p) => [p.id, p]));
    };
    const standard = await suggestions('tort');
    const cases = [
      { user: 'grooth', q: 'torti', prefix: '' },
      { user: 'ghint', q: 'tortil', prefix: '' },
      { user: 'demo', q: 'tortill', prefix: '/en' },
    ];
    for (const { user, q, prefix } of cases) {
      const found = await suggestions(q, { user, prefix });
      const list = await listed(user, q, prefix);
      expect(found.products.some((p) => standard.products.some((s) => s.id === p.id))).toBe(true);
      for (const product of found.products) {
        expect(product.title).toBe(list.get(product.id)?.title);
        expect(product.price).toEqual(list.get(product.id)?.price);
      }
    }
    const english = await suggestions('tortill', { prefix: '/en' });
    expect(english.products.map((p) => p.title)).not.toEqual(standard.products.slice(0, english.products.length).map((p) => p.title));
    const grooth = await suggestions('torti', { user: 'grooth' });
    const same = grooth.products.find((p) => standard.products.some((s) => s.id === p.id && s.price?.number !== p.price?.number));
    expect(same, 'a product GROOTH pays another price for').toBeDefined();
  });

  it('shows a new price at once also under another prefix than the one asked before', async () => {
    const { db } = t.app.database;
    const first = (await suggestions('tort')).products[0]!;
    const [row] = await db.select({ variationId: variations.id }).from(products).innerJoin(variations, eq(variations.productId, products.id)).where(eq(products.uuid, first.id));
    await db.update(prices).set({ unitPriceCents: 23_456 }).where(eq(prices.variationId, row!.variationId));
    const again = (await suggestions('torti')).products.find((p) => p.id === first.id);
    expect(again?.price?.number).toBe('234.56');
  });

  it('shows no price to a user without a relation, as the list does', async () => {
    const found = await suggestions('tort', { user: 'norelation' });
    expect(found.products.length).toBeGreaterThan(0);
    expect(found.products.every((p) => p.price === null)).toBe(true);
  });

  it('is never stale: a new price shows at once, a renamed product by its new name once the next index is built', async () => {
    const { db } = t.app.database;
    const first = (await suggestions('tort')).products[0]!;
    expect((await suggestions('  TORT! ')).products[0]).toEqual(first);
    const [row] = await db.select({ id: products.id, variationId: variations.id }).from(products).innerJoin(variations, eq(variations.productId, products.id)).where(eq(products.uuid, first.id));
    await db.update(prices).set({ unitPriceCents: 12_345 }).where(eq(prices.variationId, row!.variationId));
    expect((await suggestions('tort')).products[0]?.price?.number).toBe('123.45');
    expect((await suggestions('quetzalx')).products).toEqual([]);
    await db.update(products).set({ titleNl: 'Quetzalxtortilla hernoemd door de ERP' }).where(eq(products.id, row!.id));
    // The first search after the change is answered by the previous index while the next builds
    // (decision 025): not by the new name yet, and that answer is not remembered.
    expect((await suggestions('quetzalx')).products).toEqual([]);
    await t.app.searchEngine.settled();
    expect((await suggestions('quetzalx')).products.map((p) => [p.id, p.title])).toEqual([[first.id, 'Quetzalxtortilla hernoemd door de ERP']]);
    expect((await suggestions('tort')).products.find((p) => p.id === first.id)?.title).toBe('Quetzalxtortilla hernoemd door de ERP');
  });
});
