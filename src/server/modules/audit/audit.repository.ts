import { and, desc, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { auditLog, relations } from '../../db/schema';

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
  /** From this day to that one, both included (calendar days in Amsterdam, YYYY-MM-DD). */
  fromDay?: string;
  untilDay?: string;
}

/** The moment a calendar day starts in Amsterdam. */
const dayStart = (day: string) => sql`(${day}::date::timestamp at time zone 'Europe/Amsterdam')`;

function conditions(filter: AuditFilter): SQL | undefined {
  const parts: SQL[] = [];
  if (filter.userId !== undefined) parts.push(eq(auditLog.userId, filter.userId));
  if (filter.entity !== undefined) parts.push(eq(auditLog.entity, filter.entity));
  if (filter.entityId !== undefined) parts.push(eq(auditLog.entityId, filter.entityId));
  if (filter.relationId !== undefined) parts.push(eq(auditLog.relationId, filter.relationId));
  if (filter.fromDay) parts.push(gte(auditLog.at, dayStart(filter.fromDay)));
  if (filter.untilDay) parts.push(lt(auditLog.at, sql`${dayStart(filter.untilDay)} + interval '1 day'`));
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

/** A relation's id by its uuid (the kernel's table), or null. */
export async function relationIdByUuid(db: DbOrTx, uuid: string): Promise<number | null> {
  const [row] = await db.select({ id: relations.id }).from(relations).where(eq(relations.uuid, uuid));
  return row?.id ?? null;
}
