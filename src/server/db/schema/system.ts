import { bigint, date, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/** Facts about the installation itself, e.g. when and with which scale demo data was loaded. */
export const appMeta = pgTable('app_meta', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Change counters for the caches of the catalogue (statement triggers; a counter only goes up and
 * the update is transactional, so a reader never sees a version before its data):
 * - the catalogue version (row 1): every change to products, variations, their categories or the
 *   category tree (migration 0004); the product texts and the match lists are kept by it;
 * - the offers version (row 2): every change to prices, product images or image files (migration
 *   0010); what a product costs under each price list, and its images, are kept by it.
 * The code names the rows through `CATALOG_COUNTERS` (db/data-counters.ts), never by number.
 */
export const catalogVersion = pgTable('catalog_version', {
  id: integer('id').primaryKey().default(1),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
});

/**
 * Per relation, a counter that goes up with every change to its favourites or quotes (row
 * triggers on favorites, quotes and quote_lines; a TRUNCATE of those bumps every relation;
 * migration 0010). What the catalogue shows of a relation's own (favourites, quote prices) is
 * kept by it. No foreign key: a relation's counter must outlive the relation, so that a relation
 * made later with the same id never meets an old counter value again.
 */
export const relationVersions = pgTable('relation_versions', {
  relationId: integer('relation_id').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
});

/**
 * What customers searched for in the product list (issue 20): per business day (Amsterdam) and
 * normalised term, how often it was searched and how often that found nothing. Who searched is
 * not stored (decision 026). Written in batches by the search statistics service.
 */
export const searchStatistics = pgTable(
  'search_statistics',
  {
    day: date('day', { mode: 'string' }).notNull(),
    term: text('term').notNull(),
    searches: integer('searches').notNull().default(0),
    emptySearches: integer('empty_searches').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.day, table.term] })],
);

/**
 * Who searched a term on a day, so that a user counts once per term and Amsterdam day across
 * instances (issue 39): a hash of the user keyed by a site secret and the day, never the user's
 * id, kept only for today and yesterday (the statistics service deletes older rows).
 */
export const searchStatisticsSearchers = pgTable(
  'search_statistics_searchers',
  {
    day: date('day', { mode: 'string' }).notNull(),
    term: text('term').notNull(),
    searcher: bigint('searcher', { mode: 'number' }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.day, table.term, table.searcher] })],
);
