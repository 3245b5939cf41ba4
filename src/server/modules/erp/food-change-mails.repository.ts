import { and, asc, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { AllergenChange } from '../../../shared/api/food';
import type { DbOrTx } from '../../db/client';
import { foodChangeMails, foodChangeNotices, foodChanges, products, users, variations } from '../../db/schema';

/**
 * The outbox of food change mails (decision 024): claims rows to send, reads what one mail says
 * and marks it sent.
 */

/**
 * Claims up to `limit` unsent mails (of one import, when named) that no instance took since
 * `attemptedBefore`: marks them taken at `now` and answers their ids. Rows another transaction
 * holds are skipped, so instances running this at once never take the same mail.
 */
export async function claimUnsentFoodChangeMails(
  db: DbOrTx,
  window: { importId: string | null; now: Date; attemptedBefore: Date; limit: number },
): Promise<number[]> {
  const due = db
    .select({ id: foodChangeMails.id })
    .from(foodChangeMails)
    .where(
      and(
        isNull(foodChangeMails.sentAt),
        window.importId === null ? undefined : eq(foodChangeMails.importId, window.importId),
        or(isNull(foodChangeMails.attemptedAt), lte(foodChangeMails.attemptedAt, window.attemptedBefore)),
      ),
    )
    .orderBy(asc(foodChangeMails.id))
    .limit(window.limit)
    .for('update', { skipLocked: true });
  const rows = await db
    .update(foodChangeMails)
    .set({ attemptedAt: window.now })
    .where(inArray(foodChangeMails.id, due))
    .returning({ id: foodChangeMails.id });
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

export async function markFoodChangeMailSent(db: DbOrTx, id: number, at: Date): Promise<void> {
  await db.update(foodChangeMails).set({ sentAt: at }).where(eq(foodChangeMails.id, id));
}
