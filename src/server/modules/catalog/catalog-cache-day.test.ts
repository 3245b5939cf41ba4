import { describe, expect, it } from 'vitest';
import { productDetailResponse } from '../../../shared/api/catalog';
import { price } from '../../../shared/money';
import { prices, quoteLines, quotes } from '../../db/schema';
import { API, login, useTestApp } from '../../test/app';
import { HOUR, testClock } from '../../test/clock';
import { businessDay } from '../../../shared/delivery-date';
import { addDays, clearPrices, getJson, productPricedEverywhere } from './test-support';

/*
 * Prices and quotes are valid from and until a day, so what the catalogue remembers of them is
 * kept per business day (Europe/Amsterdam): the first request of a new day shows that day's
 * prices and quotes without any change in the database.
 */

// 23:30 in Amsterdam (winter time, UTC+1): half an hour before the day changes.
const clock = testClock('2026-01-14T22:30:00Z');
const t = useTestApp({}, { now: clock.now });

describe('the remembered prices and quotes at midnight', () => {
  it('switch to the new day’s prices and quotes at midnight in Amsterdam', async () => {
    clock.reset();
    const { db } = t.app.database;
    const ref = await productPricedEverywhere(db);
    const today = businessDay(clock.now());
    expect(today).toBe('2026-01-14');
    await clearPrices(db, ref.variationId, ['STANDAARD']);
    await db.insert(prices).values([
      { pricelist: 'STANDAARD', variationId: ref.variationId, minQuantity: 1, unitPriceCents: 1000, validUntil: today },
      { pricelist: 'STANDAARD', variationId: ref.variationId, minQuantity: 1, unitPriceCents: 2000, validFrom: addDays(today, 1) },
    ]);
    const [quote] = await db.insert(quotes).values({ erpId: 'DAY-TEST', relationId: 1, label: 'Until tonight', validUntil: today }).returning();
    await db.insert(quoteLines).values({ quoteId: quote!.id, variationId: ref.variationId, quotePriceCents: 500, quantity: 10 });
    const demo = await login(t.app, 'demo');
    const detail = async () => {
      const res = await getJson(t.app, `${API}/jsonapi/commerce_product/default/${ref.uuid}?jsonapi_include=1`, demo.cookie);
      expect(res.statusCode, res.body).toBe(200);
      return productDetailResponse.parse(res.json()).data;
    };
    // Twice before midnight: the second answer comes from what was remembered.
    for (let i = 0; i < 2; i++) {
      const product = await detail();
      expect(product.price).toEqual(price(1000));
      expect(product.quote_product_data.map((q) => q.label)).toContain('Until tonight');
    }
    clock.advance(HOUR);
    const product = await detail();
    expect(product.price).toEqual(price(2000));
    expect(product.quote_product_data.map((q) => q.label)).not.toContain('Until tonight');
  });
});
