import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { files, productImages } from '../../db/schema';

/** The file uuids of the product's images in their order, as a JSON array, for a statement of another module (the cart's lines, an order's lines). */
export const productImageUuids = (productId: AnyPgColumn | SQL) =>
  sql<string[]>`coalesce((select json_agg(${files.uuid} order by ${productImages.weight}, ${files.id})
      from ${productImages} join ${files} on ${files.id} = ${productImages.fileId}
      where ${productImages.productId} = ${productId}), '[]'::json)`;
