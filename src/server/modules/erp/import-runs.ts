import { createHash } from 'node:crypto';
import type { ErpRowError } from '../../../shared/api/erp-import';
import { IMPORT_RUN_ERRORS_KEPT, type ImportRunFailure, type ImportRunKind, type ImportRunResult } from '../../../shared/api/staff-import-runs';
import type { Db, DbOrTx } from '../../db/client';
import { AppError } from '../../errors';
import { recordAudit } from '../audit/audit.service';
import * as repo from './import-runs.repository';

/**
 * Every ERP import is a run (issue 42, point 8): a row written as it starts, and finished with
 * its counts, result, errors and its one audit entry, in one transaction: the import's own when
 * it applies (the run and the change are stored together or not at all), else one of its own
 * after the import rolled back (a refused file, a dry run, a failure).
 */

/** Who starts a run: the ERP's token over HTTP (and from which address), or the command line. */
export interface ImportRunBy {
  source: 'http' | 'cli';
  startedBy: string;
  ip?: string | null;
}

/** The command line when nobody says who: the tests, which call the service directly. */
export const UNNAMED_CLI: ImportRunBy = { source: 'cli', startedBy: 'command line' };

/** How staff know the ERP's token without seeing it: the first characters of its SHA-256. */
export function tokenFingerprint(token: string): string {
  return `ERP token ${createHash('sha256').update(token).digest('hex').slice(0, 8)}`;
}

export interface RunStart {
  kind: ImportRunKind;
  format: string;
  dryRun: boolean;
  deactivateMissing: boolean;
  at: Date;
}

/** A run under way: its row and who started it. */
export interface RunRef {
  id: number;
  uuid: string;
  by: ImportRunBy;
  dryRun: boolean;
  kind: ImportRunKind;
}

/** What a run did: the import's report in the run's terms. */
export interface RunOutcome {
  rows: number;
  counts: { inserted: number; updated: number; unchanged: number; deactivated: number };
  applied: boolean;
  /** The errors kept for the run (at most IMPORT_RUN_ERRORS_KEPT), and how many there were. */
  errors: readonly ErpRowError[];
  errorCount: number;
  /** Lines with an error. */
  refused: number;
  /** Why it failed as a whole (set for an error the import stopped on). */
  failure?: { code: ImportRunFailure; message: string };
  tookMs: number;
  finishedAt: Date;
}

export async function startRun(db: Db, by: ImportRunBy, start: RunStart): Promise<RunRef> {
  const row = await repo.insertRun(db, {
    kind: start.kind,
    source: by.source,
    startedBy: by.startedBy,
    ip: by.ip ?? null,
    format: start.format,
    dryRun: start.dryRun,
    deactivateMissing: start.deactivateMissing,
    startedAt: start.at,
  });
  return { ...row, by, dryRun: start.dryRun, kind: start.kind };
}

/** The names a whole file's problems go by (line 0): the file, an uploaded archive, a folder of images. */
const WHOLE_FILE = new Set(['(file)', '(archive)', '(folder)']);

/** Why a run failed as a whole: an error the import stopped on, or a problem of the file as a whole. */
export function failureOf(outcome: Pick<RunOutcome, 'errors' | 'failure'>): RunOutcome['failure'] {
  if (outcome.failure) return outcome.failure;
  const whole = outcome.errors.find((e) => e.line === 0 && WHOLE_FILE.has(e.field));
  if (!whole) return undefined;
  return { code: /^has no (rows|files)$/.test(whole.message) ? 'no_rows' : 'unreadable', message: `${whole.field} ${whole.message}` };
}

/** The failure of an error an import stopped on (too large a body, the database gone, a fault). */
export function stoppedBy(error: unknown): NonNullable<RunOutcome['failure']> {
  if (error instanceof AppError && error.code === 'body_too_large') return { code: 'too_large', message: error.message };
  return { code: 'stopped', message: error instanceof Error ? error.message : String(error) };
}

export function resultOf(outcome: Pick<RunOutcome, 'errors' | 'failure' | 'errorCount'>): Exclude<ImportRunResult, 'running'> {
  if (failureOf(outcome)) return 'failed';
  return outcome.errorCount > 0 ? 'with_errors' : 'ok';
}

/** The audit entry's action: applied, passed as a dry run, refused for its lines, failed. */
const ACTIONS = { ok: 'import.applied', with_errors: 'import.refused', failed: 'import.failed' } as const;

/** Finishes the run in `tx`: its outcome, its errors and its one audit entry. */
export async function finishRun(tx: DbOrTx, run: RunRef, outcome: RunOutcome): Promise<void> {
  const failure = failureOf(outcome);
  const result = resultOf(outcome);
  const c = outcome.counts;
  const counts = { newCount: c.inserted, changedCount: c.updated, unchangedCount: c.unchanged, deactivatedCount: c.deactivated, refusedCount: outcome.refused };
  await repo.finishRun(tx, run.id, {
    ...counts,
    rows: outcome.rows,
    errorCount: outcome.errorCount,
    result,
    failureCode: failure?.code ?? null,
    failure: failure?.message ?? null,
    finishedAt: outcome.finishedAt,
    tookMs: outcome.tookMs,
  });
  await repo.insertErrors(tx, run.id, outcome.errors.slice(0, IMPORT_RUN_ERRORS_KEPT));
  await recordAudit(tx, { kind: 'system', name: 'erp_import', ip: run.by.ip ?? null }, {
    entity: 'import_run',
    entityId: run.id,
    action: result === 'ok' && run.dryRun ? 'import.dry_run' : ACTIONS[result],
    after: { kind: run.kind, result, started_by: run.by.startedBy, rows: outcome.rows, new: c.inserted, changed: c.updated, unchanged: c.unchanged, deactivated: c.deactivated, refused: outcome.refused, errors: outcome.errorCount },
    reason: failure?.message ?? null,
    at: outcome.finishedAt,
  });
}

/** Finishes a run in a transaction of its own (an import that rolled back or failed); a failure to record is logged, not thrown. */
export async function finishRunAlone(db: Db, run: RunRef, outcome: RunOutcome, log?: (error: unknown) => void): Promise<void> {
  try {
    await db.transaction((tx) => finishRun(tx, run, outcome));
  } catch (error) {
    log?.(error);
  }
}

/** Lines with an error (line 0, the file, is none). */
export function refusedLines(errors: readonly ErpRowError[]): number {
  return new Set(errors.filter((e) => e.line > 0).map((e) => e.line)).size;
}
