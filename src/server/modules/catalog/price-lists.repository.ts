import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { priceLists } from '../../db/schema';

/** A price list's name by its code (the code itself when the ERP sent no such list). */
export async function priceListName(db: DbOrTx, code: string): Promise<string> {
  const [row] = await db.select({ name: priceLists.name }).from(priceLists).where(eq(priceLists.code, code)).limit(1);
  return row?.name ?? code;
}
