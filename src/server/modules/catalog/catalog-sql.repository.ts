import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { products, variations } from '../../db/schema';
import type { Lang } from '../../plugins/language';

/*
 * Named SQL parts of the catalogue's tables for other modules' statements (decision 036), handed
 * out by catalog-sql.service.ts: the statement stays one statement, the catalogue writes the SQL.
 */

/** The product's titles in both languages; null when the product no longer exists. */
export const productTitlesOf = (productId: AnyPgColumn | SQL) =>
  sql<{ titleNl: string; titleEn: string } | null>`(select json_build_object('titleNl', ${products.titleNl}, 'titleEn', ${products.titleEn})
      from ${products} where ${products.id} = ${productId})`;

/** The variation's uuid; null when there is no such variation. */
export const variationUuidOf = (variationId: AnyPgColumn | SQL) =>
  sql<string | null>`(select ${variations.uuid} from ${variations} where ${variations.id} = ${variationId})`;

/** The product's uuid; null when there is no such product. */
export const productUuidOf = (productId: AnyPgColumn | SQL) =>
  sql<string | null>`(select ${products.uuid} from ${products} where ${products.id} = ${productId})`;

/** What one unit holds in the language (the Dutch text when the ERP gave no English one). */
export const unitContentIn = (lang: Lang) =>
  lang === 'en' ? sql<string | null>`coalesce(${variations.unitContentEn}, ${variations.unitContentNl})` : sql<string | null>`${variations.unitContentNl}`;

/** The columns of a variation's sales unit, its content in the language of the statement. */
export const salesUnitColumns = (lang: Lang) => ({
  salesUnit: variations.salesUnit,
  unitContent: unitContentIn(lang),
  piecesPerUnit: variations.piecesPerUnit,
  orderMultiple: variations.orderMultiple,
});

/**
 * Every variation's sales unit as a row source (`id`, `sales_unit`, `unit_content_nl`,
 * `unit_content_en`, `pieces_per_unit`), for the statement that keeps it on placed lines.
 */
export const variationSalesUnits = () =>
  sql`(select ${variations.id} as id, ${variations.salesUnit} as sales_unit, ${variations.unitContentNl} as unit_content_nl,
      ${variations.unitContentEn} as unit_content_en, ${variations.piecesPerUnit} as pieces_per_unit from ${variations})`;
