import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, primaryKey, serial, uniqueIndex, uuid, boolean } from 'drizzle-orm/pg-core';
import type { AllergenChange } from '../../../shared/api/food';
import { relations, users } from './accounts';
import { products } from './catalog';
import { moment, refersTo, stamped } from './columns';

/**
 * A change of a product's ingredients or allergens made by a food import (issue 19, point 6;
 * decision 024): one row per changed product and import. Only real changes of a product that had
 * food information before are recorded, so importing the same file again records nothing. Part of
 * the catalogue version (the product page reads it through the relation's notices).
 */
export const foodChanges = pgTable(
  'food_changes',
  {
    id: serial('id').primaryKey(),
    productId: refersTo('product_id', () => products.id, 'cascade'),
    /** The import that made the change: one mail per user lists that import's changes. */
    importId: uuid('import_id').notNull(),
    changedAt: stamped('changed_at'),
    /** The ingredients text changed (in either language). */
    ingredientsChanged: boolean('ingredients_changed').notNull(),
    /** Each allergen whose level changed: from what to what (null: unknown). */
    allergens: jsonb('allergens').$type<AllergenChange[]>().notNull().default(sql`'[]'::jsonb`),
  },
  (t) => [uniqueIndex('food_changes_import_product').on(t.importId, t.productId), index('food_changes_product').on(t.productId)],
);

/**
 * Who is told of a change: the relations that bought the product in the 90 days before it. Written
 * with the change, in the import's transaction; the product page shows the notice to the relation's
 * users for 30 days. One row per relation and change, so nobody is told of one change twice.
 */
export const foodChangeNotices = pgTable(
  'food_change_notices',
  {
    relationId: refersTo('relation_id', () => relations.id, 'cascade'),
    foodChangeId: refersTo('food_change_id', () => foodChanges.id, 'cascade'),
  },
  (t) => [primaryKey({ columns: [t.relationId, t.foodChangeId] }), index('food_change_notices_change').on(t.foodChangeId)],
);

/**
 * Who gets a food change mail: one row per customer user and import, listing the changes of that
 * import their relation is told of. Written in the import's transaction; after its commit (or by a
 * job, for an import from the command line) the mail is written and handed to the mail outbox
 * (decision 033), and `sent_at` marks it handed over.
 */
export const foodChangeMails = pgTable(
  'food_change_mails',
  {
    id: serial('id').primaryKey(),
    importId: uuid('import_id').notNull(),
    userId: refersTo('user_id', () => users.id, 'cascade'),
    relationId: integer('relation_id').notNull(),
    createdAt: stamped('created_at'),
    /** When its mail was written to the mail outbox (decision 033), which sends it. */
    sentAt: moment('sent_at'),
  },
  (t) => [
    uniqueIndex('food_change_mails_import_user').on(t.importId, t.userId),
    index('food_change_mails_unsent').on(t.createdAt).where(sql`${t.sentAt} is null`),
  ],
);
