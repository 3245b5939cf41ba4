import { randomUUID } from 'node:crypto';
import type { ErpImportKind } from '../../../shared/api/erp';
import type { ErpImportReport } from '../../../shared/api/erp-import';
import { amsterdamClock } from '../../../shared/delivery-date';
import type { FoodChangeStamp } from './erp-food-changes.repository';
import { ImportProblems, type Merged } from './erp-import-steps';
import type { ErpFormat } from './erp-reader';
import type { ErpContext } from './erp.service';
import type { ImportRunBy, RunOutcome, RunRef } from './import-runs';

/*
 * One ERP import as it goes (erp.service.ts runs it): what was asked, what it found and did so
 * far, and what it reports at the end, to the caller and to its import run.
 */

export interface ErpImportRequest {
  kind: ErpImportKind;
  format: ErpFormat;
  /** The file, chunk by chunk; read once. */
  input: AsyncIterable<Buffer | Uint8Array | string>;
  dryRun: boolean;
  deactivateMissing: boolean;
  /** Users only: mail each new user a welcome with a link to set a password. */
  welcomeMail?: boolean;
  /** Who starts the import, for its run (issue 42, point 8); none: the command line. */
  by?: ImportRunBy;
}

/** The report, plus what only the CLI prints: rows written per statement and where the time went. */
export type ErpImportResult = ErpImportReport & {
  writes: Record<string, number>;
  timings?: { read_ms: number; check_ms: number; merge_ms: number };
};

/** One import under way: what it was asked, and what it has found and done so far. */
export interface ImportJob {
  request: ErpImportRequest;
  sendWelcome: boolean;
  problems: ImportProblems;
  today: string;
  stamp: FoodChangeStamp;
  time: { started: number; read: number; checked: number };
  rows: number;
  merged: Merged | undefined;
  applied: boolean;
  stagedIds: number[];
  /** The import's run, recorded when it starts. */
  run?: RunRef;
}

/** A new import of that request, nothing read yet. */
export function startJob({ deps, errorLimit }: ErpContext, request: ErpImportRequest): ImportJob {
  const sendWelcome = request.kind === 'users' && request.welcomeMail === true;
  if (sendWelcome && !deps.welcome) throw new Error('welcome mails are not configured for this import');
  const started = deps.now();
  return {
    request,
    sendWelcome,
    problems: new ImportProblems(errorLimit),
    today: amsterdamClock(started).day,
    stamp: { importId: randomUUID(), at: started },
    time: { started: performance.now(), read: 0, checked: 0 },
    rows: 0,
    merged: undefined,
    applied: false,
    stagedIds: [],
  };
}

const NO_COUNTS = { inserted: 0, updated: 0, unchanged: 0, deactivated: 0 };

/** What the import's run records: the counts (of a file without a problem), its errors, how long it took. */
export function runOutcome({ deps }: ErpContext, job: ImportJob, failure?: RunOutcome['failure']): RunOutcome {
  const { problems, merged } = job;
  return {
    rows: job.rows,
    counts: problems.count === 0 && merged ? merged.counts : NO_COUNTS,
    applied: job.applied,
    errors: [...problems.forRun].sort((a, b) => a.line - b.line),
    errorCount: problems.count,
    refused: problems.lineCount,
    ...(failure ? { failure } : {}),
    tookMs: Math.round(performance.now() - job.time.started),
    finishedAt: deps.now(),
  };
}

/** The import's report: counts only of a file without a single problem. */
export function importReport(job: ImportJob, mails: ErpImportReport['mails']): ErpImportResult {
  const { request, problems, merged, time, sendWelcome } = job;
  const end = performance.now();
  const errors = problems.kept.sort((a, b) => a.line - b.line);
  return {
    kind: request.kind,
    format: request.format,
    dry_run: request.dryRun,
    deactivate_missing: request.deactivateMissing,
    applied: job.applied,
    rows: job.rows,
    errors,
    error_count: problems.count,
    errors_truncated: problems.count > errors.length,
    counts: problems.count === 0 && merged ? merged.counts : NO_COUNTS,
    writes: problems.count === 0 && merged ? merged.writes : {},
    ...(mails ? { mails } : sendWelcome ? { mails: { sent: 0, failed: 0 } } : {}),
    ms: Math.round(end - time.started),
    ...(problems.count === 0
      ? { timings: { read_ms: Math.round(time.read - time.started), check_ms: Math.round(time.checked - time.read), merge_ms: Math.round(end - time.checked) } }
      : {}),
  };
}
