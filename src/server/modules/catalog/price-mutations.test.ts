import { describe, expect, it } from 'vitest';
import { upcomingPriceMutationsResponse } from '../../../shared/api/catalog-actions';
import { price } from '../../../shared/money';
import { prices } from '../../db/schema';
import { API, login, type Session, useTestApp } from '../../test/app';
import { businessDay } from '../../../shared/delivery-date';
import { addDays, clearPrices, countQueries, productBySku, productPricedEverywhere, type ProductRef } from './test-support';

const t = useTestApp();

const ask = (session: Partial<Session>, payload: unknown) =>
  t.app.inject({
    method: 'POST',
    url: `${API}/api/upcoming-price-mutations`,
    headers: { ...(session.cookie ? { cookie: session.cookie } : {}), ...(session.csrf ? { 'x-csrf-token': session.csrf } : {}) },
    payload: payload as Record<string, unknown>,
  });

async function mutations(session: Session, uuids: string[]) {
  const res = await ask(session, { products: uuids });
  expect(res.statusCode, res.body).toBe(200);
  return upcomingPriceMutationsResponse.parse(res.json()).data;
}

/** Gives a product its own STANDAARD prices: [min quantity, cents, valid from, valid until]. */
async function setPrices(ref: ProductRef, rows: Array<[number, number, string | null, string | null]>, pricelist = 'STANDAARD') {
  const { db } = t.app.database;
  await clearPrices(db, ref.variationId, [pricelist]);
  await db.insert(prices).values(
    rows.map(([minQuantity, unitPriceCents, validFrom, validUntil]) => ({ pricelist, variationId: ref.variationId, minQuantity, unitPriceCents, validFrom, validUntil })),
  );
}

const today = () => businessDay(new Date());

describe('upcoming price mutations: POST /api/upcoming-price-mutations', () => {
  it("answers the next price change of the caller's list: date, percentage with one decimal, old and new price", async () => {
    const ref = await productPricedEverywhere(t.app.database.db);
    const day = today();
    await setPrices(ref, [
      [1, 245, null, addDays(day, 6)],
      [1, 260, addDays(day, 7), addDays(day, 20)],
      [1, 300, addDays(day, 21), null],
      [12, 230, null, null],
    ]);
    const demo = await login(t.app, 'demo');
    expect(await mutations(demo, [ref.uuid])).toEqual([
      { product: ref.uuid, mutation: { date: addDays(day, 7), percentage: 6.1, oldPrice: price(245), newPrice: price(260) } },
    ]);
    // grooth's list has no change announced for this product.
    const grooth = await login(t.app, 'grooth');
    await clearPrices(t.app.database.db, ref.variationId, ['GROOTH']);
    await t.app.database.db.insert(prices).values({ pricelist: 'GROOTH', variationId: ref.variationId, minQuantity: 1, unitPriceCents: 200 });
    expect(await mutations(grooth, [ref.uuid])).toEqual([]);
  });

  it('announces price drops with a negative percentage, and keeps the order of the request', async () => {
    const db = t.app.database.db;
    const day = today();
    const a = await productBySku(db, '101001');
    const b = await productBySku(db, '101002');
    await setPrices(a, [[1, 1000, null, null], [1, 900, addDays(day, 3), null]]);
    await setPrices(b, [[1, 400, null, addDays(day, 1)], [1, 500, addDays(day, 2), null]]);
    const demo = await login(t.app, 'demo');
    const data = await mutations(demo, [b.uuid, a.uuid]);
    expect(data.map((d) => [d.product, d.mutation.percentage, d.mutation.date])).toEqual([
      [b.uuid, 25, addDays(day, 2)],
      [a.uuid, -10, addDays(day, 3)],
    ]);
  });

  it('leaves out products without a future price, whose lowest-quantity price stays the same, or without a price today', async () => {
    const db = t.app.database.db;
    const day = today();
    const steady = await productBySku(db, '101003');
    const tierOnly = await productBySku(db, '101004');
    const newcomer = await productBySku(db, '101005');
    await setPrices(steady, [[1, 1000, null, null]]);
    await setPrices(tierOnly, [[1, 1000, null, null], [12, 900, null, addDays(day, 4)], [12, 850, addDays(day, 5), null]]);
    await setPrices(newcomer, [[1, 1000, addDays(day, 5), null]]);
    const demo = await login(t.app, 'demo');
    expect(await mutations(demo, [steady.uuid, tierOnly.uuid, newcomer.uuid, '00000000-0000-4000-8000-000000000000'])).toEqual([]);
  });

  it('answers nothing to a user without relation', async () => {
    const ref = await productPricedEverywhere(t.app.database.db);
    await setPrices(ref, [[1, 1000, null, null], [1, 1100, addDays(today(), 3), null]]);
    const session = await login(t.app, 'norelation');
    expect(await mutations(session, [ref.uuid])).toEqual([]);
  });

  it('answers 400 for ids that are not uuids, too many ids or a malformed body', async () => {
    const demo = await login(t.app, 'demo');
    const ref = await productBySku(t.app.database.db, '101001');
    for (const payload of [{ products: ['1'] }, { products: ref.uuid }, {}, { products: Array.from({ length: 1001 }, () => ref.uuid) }]) {
      const res = await ask(demo, payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(res.json().message).toMatch(/products/);
    }
    expect(await mutations(demo, [])).toEqual([]);
  });

  it('answers a price change at once, also one straight in the database, and per price list', async () => {
    const { db } = t.app.database;
    const ref = await productPricedEverywhere(db);
    const day = today();
    await setPrices(ref, [[1, 1000, null, null]]);
    const demo = await login(t.app, 'demo');
    const grooth = await login(t.app, 'grooth');
    expect(await mutations(demo, [ref.uuid])).toEqual([]);
    const counter = countQueries(db);
    try {
      expect(await mutations(demo, [ref.uuid])).toEqual([]);
      // Not remembered (decision 014): the session's statement and one of its own.
      expect(counter.count()).toBe(2);
    } finally {
      counter.restore();
    }
    await db.insert(prices).values({ pricelist: 'STANDAARD', variationId: ref.variationId, minQuantity: 1, unitPriceCents: 1200, validFrom: addDays(day, 3) });
    expect(await mutations(demo, [ref.uuid])).toEqual([
      { product: ref.uuid, mutation: { date: addDays(day, 3), percentage: 20, oldPrice: price(1000), newPrice: price(1200) } },
    ]);
    expect(await mutations(grooth, [ref.uuid])).toEqual([]);
  });

  it('is forbidden without a session', async () => {
    expect((await ask({}, { products: [] })).statusCode).toBe(403);
  });
});
