import { and, eq, inArray, isNotNull, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { prices, products, variations } from '../../db/schema';
import { pricesOnDay } from './catalog.repository';

const dayParam = (day: string): SQL => sql`${day}::date`;

// Upcoming price mutations (split from catalog.repository.ts).

export interface PriceMutationRow {
  uuid: string;
  /** The day the next price starts, YYYY-MM-DD. */
  starts: string;
  oldCents: number | null;
  newCents: number | null;
}

const lowestQuantityPrice = (pricelist: string, day: SQL) =>
  sql<number | null>`(select cents from (${pricesOnDay(variations.id, pricelist, day)}) on_day order by q limit 1)`;

/** For the given products, the next day a price of the list starts, with the price before and from then. */
export async function findPriceMutations(
  db: DbOrTx,
  uuids: string[],
  pricelist: string,
  today: string,
): Promise<PriceMutationRow[]> {
  if (uuids.length === 0) return [];
  const nextStart = sql`(select min(${prices.validFrom}) from ${prices}
    where ${prices.variationId} = ${variations.id} and ${prices.pricelist} = ${pricelist} and ${prices.validFrom} > ${dayParam(today)})`;
  return db
    .select({
      uuid: products.uuid,
      starts: sql<string>`${nextStart}::text`,
      oldCents: lowestQuantityPrice(pricelist, dayParam(today)),
      newCents: lowestQuantityPrice(pricelist, nextStart),
    })
    .from(products)
    .innerJoin(variations, eq(variations.productId, products.id))
    .where(and(inArray(products.uuid, uuids), eq(products.active, true), eq(variations.active, true), isNotNull(nextStart)));
}
