import { sql } from 'drizzle-orm';
import { bigint, boolean, check, date, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { variations } from './catalog';

/**
 * Stock per variation, from the ERP's `stock` kind (decision 030). A variation without a row is not
 * kept in stock by the shop: it shows no availability and any quantity may be ordered.
 *
 * `on_hand` is what may still be sold: the ERP's figure less what the shop sold since (placing an
 * order takes its lines off in the placing transaction; an import subtracts the placed orders no
 * export has handed to the ERP yet). Below 0 only through backorders. Its own table, not columns of
 * `variations`: a stock change must not bump the catalogue version (the search index is rebuilt at
 * every catalogue version, decision 025); triggers bump the `stock` counter instead, and only when
 * what a customer sees (the level, the expected date, the backorder flag) changes.
 */
export const variationStock = pgTable(
  'variation_stock',
  {
    variationId: integer('variation_id')
      .primaryKey()
      .references(() => variations.id, { onDelete: 'cascade' }),
    onHand: integer('on_hand').notNull(),
    /** At or below this (and above 0) the level is "few left". */
    fewLeftAt: integer('few_left_at').notNull().default(10),
    /** When new stock is expected, when the ERP knows it. */
    expectedDate: date('expected_date', { mode: 'string' }),
    /** More than is on hand may be ordered (delivered later). */
    backorder: boolean('backorder').notNull().default(false),
    /** The level a customer sees (shared/api/availability.ts), kept by PostgreSQL. */
    availability: text('availability').generatedAlwaysAs(
      sql`case when on_hand <= 0 then 'out_of_stock' when on_hand <= few_left_at then 'few_left' else 'in_stock' end`,
    ),
  },
  (t) => [check('variation_stock_few_left_at', sql`${t.fewLeftAt} >= 0`)],
);

/**
 * Which products' levels each bump of the stock counter changed (decision 030, migration 0023):
 * one row per stock version, written in the bumping transaction, so a reader that sees a version
 * sees its row too. A cache of levels at an older version reads only these products again instead
 * of every level (a stock import changes what customers see of a fifth of the catalogue at most,
 * an order of a few products). `product_ids` null: every product (a TRUNCATE, or more than
 * STOCK_CHANGES_READ_MAX). Only the newest STOCK_CHANGES_KEPT versions are kept (both constants in
 * availability.repository.ts; the SQL of bump_stock_counter holds the same numbers, which a test
 * compares); a cache further behind reads every level again. `changed_at` is for people who look.
 */
export const stockLevelChanges = pgTable('stock_level_changes', {
  version: bigint('version', { mode: 'number' }).primaryKey(),
  productIds: integer('product_ids').array(),
  changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The variations whose visible level a writer changed while it deferred the counter (an ERP stock
 * import: casa_maiz.stock_version = 'deferred'); its one bump at the end logs and empties them,
 * and so does any other bump before it (bump_stock_counter). No foreign key: a variation removed
 * meanwhile is simply not found then (its removal is a catalogue change, which empties the levels).
 */
export const stockChangesPending = pgTable('stock_changes_pending', {
  variationId: integer('variation_id').primaryKey(),
});
