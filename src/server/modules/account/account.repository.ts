import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { relations } from '../../db/schema';

/** The relation the current-user record folds in (any state: the service decides what counts). */
export async function findRelation(db: DbOrTx, relationId: number) {
  const [row] = await db
    .select({
      id: relations.id,
      uuid: relations.uuid,
      name: relations.name,
      pricelist: relations.pricelist,
      langcode: relations.langcode,
      active: relations.active,
    })
    .from(relations)
    .where(eq(relations.id, relationId))
    .limit(1);
  return row;
}
