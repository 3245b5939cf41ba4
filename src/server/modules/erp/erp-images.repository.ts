import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { files, productImages, variations } from '../../db/schema';

/** The statements of the ERP's image import (erp-images.ts): image files and their product links. */

/** One ERP import at a time, across instances (the other imports take the same lock). */
export async function lockErpImport(tx: DbOrTx): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('erp-import'))`);
}

export async function variationProduct(db: DbOrTx, sku: string): Promise<number | undefined> {
  const [row] = await db.select({ productId: variations.productId }).from(variations).where(eq(variations.sku, sku)).limit(1);
  return row?.productId;
}

/** The stored file of that name, and whether it already holds these bytes and this type. */
export async function findFileByName(db: DbOrTx, filename: string, data: Buffer, mime: string) {
  const [row] = await db
    .select({ id: files.id, uuid: files.uuid, same: sql<boolean>`${files.data} = ${data} and ${files.mime} = ${mime}` })
    .from(files)
    .where(eq(files.filename, filename))
    .limit(1);
  return row;
}

export async function insertFile(db: DbOrTx, file: { filename: string; mime: string; data: Buffer }) {
  const [row] = await db.insert(files).values(file).returning({ id: files.id, uuid: files.uuid });
  return row;
}

export async function updateFile(db: DbOrTx, id: number, content: { data: Buffer; mime: string }): Promise<void> {
  await db.update(files).set(content).where(eq(files.id, id));
}

export async function findImageLink(db: DbOrTx, productId: number, fileId: number) {
  const [row] = await db
    .select({ weight: productImages.weight })
    .from(productImages)
    .where(and(eq(productImages.productId, productId), eq(productImages.fileId, fileId)));
  return row;
}

export async function insertImageLink(db: DbOrTx, link: { productId: number; fileId: number; weight: number }): Promise<void> {
  await db.insert(productImages).values(link);
}

export async function updateImageLinkWeight(db: DbOrTx, productId: number, fileId: number, weight: number): Promise<void> {
  await db.update(productImages).set({ weight }).where(and(eq(productImages.productId, productId), eq(productImages.fileId, fileId)));
}
