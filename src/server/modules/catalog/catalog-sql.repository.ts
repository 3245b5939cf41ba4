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

