import { boolean, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
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
