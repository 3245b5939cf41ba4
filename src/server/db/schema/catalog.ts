import { type SQL, sql } from 'drizzle-orm';
import { type AnyPgColumn, boolean, check, customType, date, index, integer, pgTable, primaryKey, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { idAndUuid, refersTo, stamped } from './columns';
import { VAT_CLASSES } from '../../../shared/api/deposits';
import { salesUnitColumns, salesUnitChecks } from './sales-unit';

/** PostgreSQL's tsvector (drizzle has no column type for it). */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * The weighted search document of a product in one language: title (A), then description and
 * specifications (B). HTML tags are skipped by PostgreSQL's parser; 'simple' adds the unstemmed
 * words so that brand names and exact words match as typed.
 */
const searchDocument = (config: 'dutch' | 'english', title: AnyPgColumn, description: AnyPgColumn, specifications: AnyPgColumn): SQL =>
  sql`setweight(to_tsvector('${sql.raw(config)}'::regconfig, ${title}), 'A') || setweight(to_tsvector('simple'::regconfig, ${title}), 'A') || setweight(to_tsvector('${sql.raw(config)}'::regconfig, ${description}), 'B') || setweight(to_tsvector('${sql.raw(config)}'::regconfig, ${specifications}), 'C')`;

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

export const priceLists = pgTable('price_lists', {
  code: text('code').primaryKey(),
  name: text('name').notNull(),
});

/** Taxonomy terms of the product category tree. `id` is the term id (drupal_id). */
export const categories = pgTable(
  'categories',
  {
    ...idAndUuid(),
    erpId: text('erp_id').notNull().unique(),
    parentId: integer('parent_id').references((): AnyPgColumn => categories.id, {
      onDelete: 'set null',
    }),
    nameNl: text('name_nl').notNull(),
    nameEn: text('name_en').notNull(),
    weight: integer('weight').notNull().default(0),
  },
  (t) => [index('categories_parent').on(t.parentId)],
);

export const products = pgTable(
  'products',
  {
  ...idAndUuid(),
  /** The ERP's product id (cb_product_id). */
  erpId: text('erp_id').notNull().unique(),
  titleNl: text('title_nl').notNull(),
  titleEn: text('title_en').notNull(),
  /** Sanitised HTML. */
  descriptionNl: text('description_nl').notNull().default(''),
  descriptionEn: text('description_en').notNull().default(''),
  specificationsNl: text('specifications_nl').notNull().default(''),
  specificationsEn: text('specifications_en').notNull().default(''),
  /** VAT class (decision 028): food, standard or none; the rate comes from vat_rates by date. */
  vatClass: text('vat_class', { enum: VAT_CLASSES }).notNull().default('food'),
  active: boolean('active').notNull().default(true),
  createdAt: stamped('created_at'),
  updatedAt: stamped('updated_at'),
  /** Full-text documents, kept by PostgreSQL itself (generated columns). */
  searchNl: tsvector('search_nl').generatedAlwaysAs(
    (): SQL => searchDocument('dutch', products.titleNl, products.descriptionNl, products.specificationsNl),
  ),
  searchEn: tsvector('search_en').generatedAlwaysAs(
    (): SQL => searchDocument('english', products.titleEn, products.descriptionEn, products.specificationsEn),
  ),
  },
  (t) => [
    index('products_search_nl').using('gin', t.searchNl),
    index('products_search_en').using('gin', t.searchEn),
    check('products_vat_class', sql`${t.vatClass} in ('food', 'standard', 'none')`),
  ],
);

export const productCategories = pgTable(
  'product_categories',
  {
    productId: refersTo('product_id', () => products.id, 'cascade'),
    categoryId: refersTo('category_id', () => categories.id, 'cascade'),
  },
  (t) => [primaryKey({ columns: [t.productId, t.categoryId] }), index('product_categories_category').on(t.categoryId)],
);

/** One purchasable variation per product (Commerce product variation). */
export const variations = pgTable(
  'variations',
  {
    ...idAndUuid(),
    productId: refersTo('product_id', () => products.id, 'cascade'),
    sku: text('sku').notNull().unique(),
    /** EAN/GTIN of the variation (issue 19); found by quick order like an article number. */
    ean: text('ean').unique(),
    active: boolean('active').notNull().default(true),
    ...salesUnitColumns(),
  },
  (t) => [
    ...salesUnitChecks(t),
    index('variations_product').on(t.productId),
    // Prefix search on article numbers (sku LIKE '1010%') under any collation.
    index('variations_sku_prefix').using('btree', sql`${t.sku} text_pattern_ops`),
  ],
);

/** Original uploaded files (product images). Derivatives are rendered on demand and cached. */
export const files = pgTable('files', {
  ...idAndUuid(),
  filename: text('filename').notNull().unique(),
  mime: text('mime').notNull(),
  data: bytea('data').notNull(),
  createdAt: stamped('created_at'),
});

export const productImages = pgTable(
  'product_images',
  {
    productId: refersTo('product_id', () => products.id, 'cascade'),
    fileId: refersTo('file_id', () => files.id, 'cascade'),
    weight: integer('weight').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.productId, t.fileId] })],
);

/**
 * Scaled prices: from `minQuantity` on, a unit costs `unitPriceCents` under `pricelist`.
 * A row with a future `validFrom` is an upcoming price mutation.
 */
export const prices = pgTable(
  'prices',
  {
    id: serial('id').primaryKey(),
    pricelist: text('pricelist')
      .notNull()
      .references(() => priceLists.code, { onDelete: 'cascade' }),
    variationId: refersTo('variation_id', () => variations.id, 'cascade'),
    minQuantity: integer('min_quantity').notNull().default(1),
    unitPriceCents: integer('unit_price_cents').notNull(),
    validFrom: date('valid_from', { mode: 'string' }),
    validUntil: date('valid_until', { mode: 'string' }),
  },
  (t) => [
    uniqueIndex('prices_unique').on(t.pricelist, t.variationId, t.minQuantity, t.validFrom),
    index('prices_variation').on(t.variationId),
  ],
);
