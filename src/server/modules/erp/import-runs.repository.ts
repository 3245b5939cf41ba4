import { and, asc, count, desc, eq, gt, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { importRunErrors, importRuns } from '../../db/schema';

/** The import runs (issue 42, point 8): one row per ERP import, and the errors of its lines. */

export type ImportRunRow = typeof importRuns.$inferSelect;
export type NewImportRun = typeof importRuns.$inferInsert;
export type ImportRunErrorRow = { line: number; field: string; message: string };

/** A run as it starts ('running'): its id and uuid. */
export async function insertRun(db: DbOrTx, run: NewImportRun): Promise<{ id: number; uuid: string }> {
  const [row] = await db.insert(importRuns).values(run).returning({ id: importRuns.id, uuid: importRuns.uuid });
  return row!;
}

/** How the run ended. */
export async function finishRun(db: DbOrTx, id: number, outcome: Partial<NewImportRun>): Promise<void> {
  await db.update(importRuns).set(outcome).where(eq(importRuns.id, id));
}

/** Rows per insert of a run's errors. */
const ERRORS_PER_INSERT = 1000;

/** The errors of a run, numbered in the order given. */
export async function insertErrors(db: DbOrTx, runId: number, errors: readonly ImportRunErrorRow[]): Promise<void> {
  for (let from = 0; from < errors.length; from += ERRORS_PER_INSERT) {
    const part = errors.slice(from, from + ERRORS_PER_INSERT).map((e, i) => ({ runId, seq: from + i + 1, line: e.line, field: e.field, message: e.message }));
    await db.insert(importRunErrors).values(part);
  }
}

export interface RunFilter {
  kind?: string;
  result?: ImportRunRow['result'];
}

function conditions(filter: RunFilter): SQL | undefined {
  const parts: SQL[] = [];
  if (filter.kind) parts.push(eq(importRuns.kind, filter.kind));
  if (filter.result) parts.push(eq(importRuns.result, filter.result));
  return parts.length > 0 ? and(...parts) : undefined;
}

/** A page of runs, newest first. */
export async function listRuns(db: DbOrTx, filter: RunFilter, page: { offset: number; limit: number }): Promise<ImportRunRow[]> {
  return db.select().from(importRuns).where(conditions(filter)).orderBy(desc(importRuns.id)).limit(page.limit).offset(page.offset);
}

export async function countRuns(db: DbOrTx, filter: RunFilter): Promise<number> {
  const [row] = await db.select({ n: count() }).from(importRuns).where(conditions(filter));
  return row?.n ?? 0;
}

export async function runByUuid(db: DbOrTx, uuid: string): Promise<ImportRunRow | undefined> {
  const [row] = await db.select().from(importRuns).where(eq(importRuns.uuid, uuid));
  return row;
}

/** A run's errors after `afterSeq`, in the order found, `limit` of them, with their place. */
export async function errorsOf(db: DbOrTx, runId: number, afterSeq: number, limit: number): Promise<Array<ImportRunErrorRow & { seq: number }>> {
  return db
    .select({ seq: importRunErrors.seq, line: importRunErrors.line, field: importRunErrors.field, message: importRunErrors.message })
    .from(importRunErrors)
    .where(and(eq(importRunErrors.runId, runId), gt(importRunErrors.seq, afterSeq)))
    .orderBy(asc(importRunErrors.seq))
    .limit(limit);
}

export async function countErrors(db: DbOrTx, runId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(importRunErrors).where(eq(importRunErrors.runId, runId));
  return row?.n ?? 0;
}
