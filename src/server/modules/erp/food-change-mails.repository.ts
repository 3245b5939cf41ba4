import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { AllergenChange } from '../../../shared/api/food';
import type { DbOrTx } from '../../db/client';
import { foodChangeMails, foodChangeNotices, foodChanges, products, users, variations } from '../../db/schema';

/**
 * Who gets a food change mail (decision 024): takes rows to hand to the mail outbox (decision 033),
 * reads what one mail says and marks it handed over.
 */

/**
 * Locks up to `limit` mails not yet handed to the mail outbox (of one import, when named), oldest
 * first, for the caller's transaction; rows another transaction holds are skipped, so instances
 * doing this at once never take the same mail.
 */
export async function lockMailsToHandOver(tx: DbOrTx, take: { importId: string | null; limit: number }): Promise<number[]> {
  const rows = await tx
    .select({ id: foodChangeMails.id })
    .from(foodChangeMails)
    .where(and(isNull(foodChangeMails.sentAt), take.importId === null ? undefined : eq(foodChangeMails.importId, take.importId)))
    .orderBy(asc(foodChangeMails.id))
    .limit(take.limit)
    .for('update', { skipLocked: true });
  return rows.map((r) => r.id);
}

export interface FoodChangeMailRow {
  id: number;
  mail: string;
  langcode: string;
  name: string;
  firstname: string;
  surnamePrefix: string;
  surname: string;
  active: boolean;
  changes: Array<{
    productUuid: string;
    titleNl: string;
    titleEn: string;
    sku: string | null;
    changedAt: Date;
    ingredientsChanged: boolean;
    allergens: AllergenChange[];
  }>;
}

/** A mail's user and the changes of its import their relation is told of, by article number. */
export async function findFoodChangeMail(db: DbOrTx, id: number): Promise<FoodChangeMailRow | undefined> {
  const [mail] = await db
    .select({
      id: foodChangeMails.id,
      importId: foodChangeMails.importId,
      relationId: foodChangeMails.relationId,
      mail: users.mail,
      langcode: users.langcode,
      name: users.name,
      firstname: users.firstname,
      surnamePrefix: users.surnamePrefix,
      surname: users.surname,
      active: users.active,
    })
    .from(foodChangeMails)
    .innerJoin(users, eq(users.id, foodChangeMails.userId))
    .where(eq(foodChangeMails.id, id));
  if (!mail) return undefined;
  const changes = await db
    .select({
      productUuid: products.uuid,
      titleNl: products.titleNl,
      titleEn: products.titleEn,
      sku: sql<string | null>`(select ${variations.sku} from ${variations} where ${variations.productId} = ${products.id} order by ${variations.active} desc, ${variations.id} limit 1)`,
      changedAt: foodChanges.changedAt,
      ingredientsChanged: foodChanges.ingredientsChanged,
      allergens: foodChanges.allergens,
    })
    .from(foodChangeNotices)
    .innerJoin(foodChanges, eq(foodChanges.id, foodChangeNotices.foodChangeId))
    .innerJoin(products, eq(products.id, foodChanges.productId))
    .where(and(eq(foodChangeNotices.relationId, mail.relationId), eq(foodChanges.importId, mail.importId)))
    .orderBy(asc(products.titleNl), asc(products.id));
  const { importId: _import, relationId: _relation, ...user } = mail;
  return { ...user, changes };
}

/** Marks mails handed to the mail outbox. */
export async function markHandedOver(db: DbOrTx, ids: readonly number[], at: Date): Promise<void> {
  if (ids.length === 0) return;
  await db.update(foodChangeMails).set({ sentAt: at }).where(inArray(foodChangeMails.id, [...ids]));
}
