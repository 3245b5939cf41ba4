import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { vi } from 'vitest';
import type { Db } from '../../db/client';
import { prices, products, variations } from '../../db/schema';
import { API } from '../../test/app';

/** Shared by the catalogue's API tests. */

export interface ProductRef {
  id: number;
  uuid: string;
  variationId: number;
  sku: string;
}

export async function productBySku(db: Db, sku: string): Promise<ProductRef> {
  const [row] = await db
    .select({ id: products.id, uuid: products.uuid, variationId: variations.id, sku: variations.sku })
    .from(products)
    .innerJoin(variations, eq(variations.productId, products.id))
    .where(eq(variations.sku, sku));
  if (!row) throw new Error(`no product with article number ${sku}`);
  return row;
}

/** Active products ordered by article number. */
export function productRefs(db: Db): Promise<ProductRef[]> {
  return db
    .select({ id: products.id, uuid: products.uuid, variationId: variations.id, sku: variations.sku })
    .from(products)
    .innerJoin(variations, eq(variations.productId, products.id))
    .where(and(eq(products.active, true), eq(variations.active, true)))
    .orderBy(asc(variations.sku));
}

/** A product that has a price from one piece in every list, each without dates. */
export async function productPricedEverywhere(db: Db): Promise<ProductRef> {
  const refs = await productRefs(db);
  const rows = await db
    .select({ variationId: prices.variationId, pricelist: prices.pricelist })
    .from(prices)
    .where(and(eq(prices.minQuantity, 1), isNull(prices.validFrom), isNull(prices.validUntil)));
  const lists = new Map<number, Set<string>>();
  for (const row of rows) lists.set(row.variationId, (lists.get(row.variationId) ?? new Set()).add(row.pricelist));
  const found = refs.find((ref) => lists.get(ref.variationId)?.size === 3);
  if (!found) throw new Error('no product with a price in every list');
  return found;
}

/** Removes a product's prices in the given lists, so a test can set its own. */
export async function clearPrices(db: Db, variationId: number, lists: string[]): Promise<void> {
  await db.delete(prices).where(and(eq(prices.variationId, variationId), inArray(prices.pricelist, lists)));
}

/** YYYY-MM-DD plus some days (negative: earlier). */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

type Query = Record<string, string | number>;

/** The product index URL with Drupal's bracketed keys. */
export function indexUrl(query: Query, options: { prefix?: string; trailingSlash?: boolean } = {}): string {
  const search = new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]));
  return `${API}${options.prefix ?? ''}/jsonapi/index/products${options.trailingSlash === false ? '' : '/'}?${search}`;
}

export function getJson(app: FastifyInstance, url: string, cookie?: string) {
  return app.inject({ url, headers: cookie ? { cookie } : {} });
}

/**
 * Counts the SQL statements the database client runs (both drivers send every statement
 * through the client's `query`). Returns a reader and a restore function.
 */
export function countQueries(db: Db): { count: () => number; restore: () => void } {
  const client = (db as unknown as { $client: { query: (...args: unknown[]) => unknown } }).$client;
  const spy = vi.spyOn(client, 'query');
  return { count: () => spy.mock.calls.length, restore: () => spy.mockRestore() };
}
