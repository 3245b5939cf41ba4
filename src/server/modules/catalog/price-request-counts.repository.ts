import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { priceRequests } from '../../db/schema';

/** How many price requests wait for an answer (the staff dashboard). */
export async function countOpenPriceRequests(db: DbOrTx): Promise<number> {
  return db.$count(priceRequests, eq(priceRequests.state, 'open'));
}
