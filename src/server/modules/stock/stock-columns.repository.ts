import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { variationStock } from '../../db/schema';
import type { StockState } from './stock-rules';

/**
 * A variation's stock as a column of another module's statement (the cart reads it with the
 * variation's prices, in the statement it runs anyway: no round trip of its own). Null: the
 * variation is not kept in stock. Read, not locked: placing an order locks and takes (stock.repository.ts).
 */
export const stockOf = (variationId: AnyPgColumn | SQL) =>
  sql<StockState | null>`(select json_build_object('onHand', ${variationStock.onHand}, 'backorder', ${variationStock.backorder}, 'expectedDate', ${variationStock.expectedDate}, 'fewLeftAt', ${variationStock.fewLeftAt})
      from ${variationStock} where ${variationStock.variationId} = ${variationId})`;

/**
 * The variations' stock rows as a row source for another module's join (the catalogue's levels,
 * decision 030): `variation_id`, `availability`, `expected_date`, `backorder`.
 */
export const stockRows = () => sql`(select variation_id, availability, expected_date, backorder from ${variationStock})`;

/** The level a customer sees of a variation's stock row (`row`: the alias of stockRows; null: not kept in stock), as JSON. */
export const availabilityJson = (row: SQL) =>
  sql`case when ${row}.variation_id is null then null else json_build_object('status', ${row}.availability, 'expected_date', ${row}.expected_date, 'backorder', ${row}.backorder) end`;
