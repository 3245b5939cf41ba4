import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { files, productImages, variations } from '../../db/schema';

/** The images import's SQL (erp-images.ts): the ERP import writes the catalogue's images and their links to products. */

/** The product of the variation with this article number. */
export async function findProductOfSku(db: DbOrTx, sku: string): Promise<number | undefined> {
  const [row] = await db.select({ productId: variations.productId }).from(variations).where(eq(variations.sku, sku)).limit(1);
  return row?.productId;
}

/** One ERP import at a time: held until the transaction ends. */
export async function lockErpImport(db: DbOrTx): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext('erp-import'))`);
}

/** The stored file of that name, and whether it holds these bytes of this type already. */
export async function findFileByName(db: DbOrTx, filename: string, data: Buffer, mime: string) {
  const [row] = await db
    .select({ id: files.id, uuid: files.uuid, same: sql<boolean>`${files.data} = ${data} and ${files.mime} = ${mime}` })
    .from(files)
    .where(eq(files.filename, filename))
    .limit(1);
  return row;
}

export async function insertFile(db: DbOrTx, values: { filename: string; mime: string; data: Buffer }): Promise<{ id: number; uuid: string }> {
  const [row] = await db.insert(files).values(values).returning({ id: files.id, uuid: files.uuid });
  if (!row) throw new Error('the image file was not stored');
  return row;
}

export async function replaceFile(db: DbOrTx, fileId: number, values: { mime: string; data: Buffer }): Promise<void> {
  await db.update(files).set(values).where(eq(files.id, fileId));
}

/** The weight (place) of the file among the product's images, or undefined when it is not one of them. */
export async function findImageLinkWeight(db: DbOrTx, productId: number, fileId: number): Promise<number | undefined> {
  const [link] = await db
    .select({ weight: productImages.weight })
    .from(productImages)
    .where(and(eq(productImages.productId, productId), eq(productImages.fileId, fileId)));
  return link?.weight;
}

export async function insertImageLink(db: DbOrTx, values: { productId: number; fileId: number; weight: number }): Promise<void> {
  await db.insert(productImages).values(values);
}

export async function setImageLinkWeight(db: DbOrTx, productId: number, fileId: number, weight: number): Promise<void> {
  await db.update(productImages).set({ weight }).where(and(eq(productImages.productId, productId), eq(productImages.fileId, fileId)));
}
