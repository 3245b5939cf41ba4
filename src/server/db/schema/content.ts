import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { idAndUuid, stamped } from './columns';

/** Content pages (Drupal nodes of type page), resolved by their path alias per language. */
export const contentPages = pgTable(
  'content_pages',
  {
    ...idAndUuid(),
    key: text('key').notNull().unique(),
    pathNl: text('path_nl').notNull(),
    pathEn: text('path_en').notNull(),
    titleNl: text('title_nl').notNull(),
    titleEn: text('title_en').notNull(),
    /** Sanitised HTML. */
    bodyNl: text('body_nl').notNull().default(''),
    bodyEn: text('body_en').notNull().default(''),
    published: boolean('published').notNull().default(true),
    updatedAt: stamped('updated_at'),
  },
  (t) => [uniqueIndex('content_pages_path_nl').on(t.pathNl), uniqueIndex('content_pages_path_en').on(t.pathEn)],
);

/** Links of the footer menus (webshop-footer-order, webshop-footer-my-page, webshop-footer-menu). */
export const menuLinks = pgTable('menu_links', {
  ...idAndUuid(),
  menuName: text('menu_name').notNull(),
  titleNl: text('title_nl').notNull(),
  titleEn: text('title_en').notNull(),
  /** Path within the shop (e.g. /leveringsvoorwaarden) or an absolute external URL. */
  urlNl: text('url_nl').notNull(),
  urlEn: text('url_en').notNull(),
  weight: integer('weight').notNull().default(0),
  enabled: boolean('enabled').notNull().default(true),
});

/**
 * Redirects (issue 43 point 6), as Drupal's Redirect module kept them: an old path (without
 * language, lower case) to a page or to another path, permanent (301) or temporary (302).
 */
export const redirects = pgTable(
  'redirects',
  {
    id: serial('id').primaryKey(),
    /** Normalised: a leading slash, no language segment, query or trailing slash; lower case. */
    fromPath: text('from_path').notNull(),
    /** The page it leads to (its path in the visitor's language), or else `toPath`. */
    toPageId: integer('to_page_id').references(() => contentPages.id, { onDelete: 'cascade' }),
    /** A path within the shop (without language) or an absolute https address. */
    toPath: text('to_path'),
    status: integer('status').notNull().default(301),
    createdAt: stamped('created_at'),
    updatedAt: stamped('updated_at'),
  },
  (t) => [
    uniqueIndex('redirects_from_path').on(t.fromPath),
    check('redirects_one_target', sql`(${t.toPageId} is null) <> (${t.toPath} is null)`),
    check('redirects_status', sql`${t.status} in (301, 302)`),
  ],
);

/** The not-found log: each path nobody found, how often, when last, from which site. */
export const notFoundPaths = pgTable('not_found_paths', {
  id: serial('id').primaryKey(),
  path: text('path').notNull().unique(),
  count: integer('count').notNull().default(1),
  firstSeenAt: stamped('first_seen_at'),
  lastSeenAt: stamped('last_seen_at'),
  /** The host of the last referrer, when the visitor came from another site. */
  referrerHost: text('referrer_host'),
});
