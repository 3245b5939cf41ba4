import { eq, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { files, productImages } from '../../db/schema';

export interface OriginalFile {
  id: number;
  uuid: string;
  filename: string;
  mime: string;
  data: Buffer;
}

const columns = { id: files.id, uuid: files.uuid, filename: files.filename, mime: files.mime, data: files.data };

/** The stored original of a file by its uuid (the id in image URLs). */
export async function findFileByUuid(db: DbOrTx, uuid: string): Promise<OriginalFile | undefined> {
  const [row] = await db.select(columns).from(files).where(eq(files.uuid, uuid)).limit(1);
  return row;
}

/** The stored original of a file by its serial id (what an import holds after inserting it). */
export async function findFileById(db: DbOrTx, id: number): Promise<OriginalFile | undefined> {
  const [row] = await db.select(columns).from(files).where(eq(files.id, id)).limit(1);
  return row;
}

/** A product image as the product answers carry it (the image URLs are made of the uuid). */
export interface ImageRow {
  uuid: string;
  filename: string;
}

/** The product's images in their order, as a JSON array, for a statement on products. */
export function productImageList(productId: AnyPgColumn): SQL<ImageRow[]> {
  return sql<ImageRow[]>`coalesce((select json_agg(json_build_object('uuid', ${files.uuid}, 'filename', ${files.filename}) order by ${productImages.weight}, ${files.id})
    from ${productImages} join ${files} on ${files.id} = ${productImages.fileId}
    where ${productImages.productId} = ${productId}), '[]'::json)`;
}
