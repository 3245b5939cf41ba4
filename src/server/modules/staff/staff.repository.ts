import type { DbOrTx } from '../../db/client';
import { masqueradeLog } from '../../db/schema';

export async function insertMasqueradeLog(
  db: DbOrTx,
  row: { staffUserId: number; customerUserId: number; action: 'start' | 'end'; ip: string; at?: Date },
): Promise<void> {
  await db.insert(masqueradeLog).values(row);
}
