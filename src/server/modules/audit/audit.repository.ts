import { and, desc, eq, gte, lt, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { auditLog } from '../../db/schema';

export type AuditRow = typeof auditLog.$inferSelect;
export type NewAuditRow = typeof auditLog.$inferInsert;

/** Appends entries; the table takes no update or delete (migration 0028's trigger). */
export async function appendEntries(db: DbOrTx, rows: readonly NewAuditRow[]): Promise<void> {
  if (rows.length > 0) await db.insert(auditLog).values([...rows]);
}

export interface AuditFilter {
  userId?: number;
  entity?: string;
  entityId?: string;
  relationId?: number;
  /** From this moment (inclusive) to that one (exclusive). */
  from?: Date;
  until?: Date;
}

function conditions(filter: AuditFilter): SQL | undefined {
  const parts: SQL[] = [];
  if (filter.userId !== undefined) parts.push(eq(auditLog.userId, filter.userId));
  if (filter.entity !== undefined) parts.push(eq(auditLog.entity, filter.entity));
  if (filter.entityId !== undefined) parts.push(eq(auditLog.entityId, filter.entityId));
  if (filter.relationId !== undefined) parts.push(eq(auditLog.relationId, filter.relationId));
  if (filter.from) parts.push(gte(auditLog.at, filter.from));
  if (filter.until) parts.push(lt(auditLog.at, filter.until));
  return parts.length > 0 ? and(...parts) : undefined;
}

/** Entries matching the filter, newest first; `limit` + 1 are read so the caller knows whether more follow. */
export async function listEntries(db: DbOrTx, filter: AuditFilter, page: { offset: number; limit: number }): Promise<AuditRow[]> {
  return db
    .select()
    .from(auditLog)
    .where(conditions(filter))
    .orderBy(desc(auditLog.id))
    .limit(page.limit)
    .offset(page.offset);
}
