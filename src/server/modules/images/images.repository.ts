import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { files } from '../../db/schema';

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
