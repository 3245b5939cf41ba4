import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { relations } from '../../db/schema';

/** The relation's name, for the overview's heading. */
export async function findRelationName(db: DbOrTx, relationId: number): Promise<string> {
  const [row] = await db.select({ name: relations.name }).from(relations).where(eq(relations.id, relationId));
  return row?.name ?? '';
}
