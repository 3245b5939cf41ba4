import { bigint, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Facts about the installation itself, e.g. when and with which scale demo data was loaded. */
export const appMeta = pgTable('app_meta', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One row whose `version` goes up with every change to products, variations, their categories or
 * the category tree (statement triggers, migration 0004). Caches of catalogue matches are keyed
 * by it; the update is transactional, so a reader never sees a version before its data.
 */
export const catalogVersion = pgTable('catalog_version', {
  id: integer('id').primaryKey().default(1),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
});
