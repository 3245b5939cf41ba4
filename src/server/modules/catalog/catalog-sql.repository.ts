import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { products } from '../../db/schema';

/*
 * Named SQL parts of the catalogue's tables for other modules' statements (decision 036), handed
 * out by catalog-sql.service.ts: the statement stays one statement, the catalogue writes the SQL.
 */

/** The product's titles in both languages; null when the product no longer exists. */
export const productTitlesOf = (productId: AnyPgColumn | SQL) =>
  sql<{ titleNl: string; titleEn: string } | null>`(select json_build_object('titleNl', ${products.titleNl}, 'titleEn', ${products.titleEn})
      from ${products} where ${products.id} = ${productId})`;
