import {
  IMPORT_RUN_ERRORS_SHOWN,
  IMPORT_RUNS_PER_PAGE,
  type ImportRun,
  type ImportRunDetail,
  type ImportRunListResponse,
  type ImportRunResult,
} from '../../../shared/api/staff-import-runs';
import { attachment, CSV_BOM, csvLine } from '../../csv';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../errors';
import { localized, textIn } from '../../i18n';
import type { Lang } from '../../plugins/language';
import { IMPORT_RUNS_MESSAGES } from './import-runs.messages';
import * as repo from './import-runs.repository';

/** Staff read the import runs (issue 42, point 8): the list, one run with its first errors, all its errors as CSV. */

function toRun(row: repo.ImportRunRow): ImportRun {
  return {
    id: row.uuid,
    number: row.id,
    kind: row.kind as ImportRun['kind'],
    source: row.source === 'http' ? 'http' : 'cli',
    started_by: row.startedBy,
    format: row.format,
    dry_run: row.dryRun,
    deactivate_missing: row.deactivateMissing,
    started_at: row.startedAt.toISOString(),
    finished_at: row.finishedAt?.toISOString() ?? null,
    took_ms: row.tookMs,
    rows: row.rows,
    counts: { new: row.newCount, changed: row.changedCount, unchanged: row.unchangedCount, deactivated: row.deactivatedCount, refused: row.refusedCount },
    error_count: row.errorCount,
    result: row.result,
    failure_code: row.failureCode,
    failure: row.failure,
  };
}

export async function listImportRuns(db: DbOrTx, query: { kind?: string; result?: ImportRunResult; page: number }): Promise<ImportRunListResponse> {
  const filter = { kind: query.kind, result: query.result };
  const [rows, count] = await Promise.all([
    repo.listRuns(db, filter, { offset: (query.page - 1) * IMPORT_RUNS_PER_PAGE, limit: IMPORT_RUNS_PER_PAGE }),
    repo.countRuns(db, filter),
  ]);
  return { data: rows.map(toRun), meta: { count, page: query.page, per_page: IMPORT_RUNS_PER_PAGE } };
}

async function runOf(db: DbOrTx, uuid: string): Promise<repo.ImportRunRow> {
  const row = await repo.runByUuid(db, uuid);
  if (!row) throw new AppError(404, 'import_run_not_found', localized(IMPORT_RUNS_MESSAGES, 'import_run_not_found'));
  return row;
}

export async function importRunDetail(db: DbOrTx, uuid: string): Promise<ImportRunDetail> {
  const row = await runOf(db, uuid);
  const [errors, kept] = await Promise.all([repo.errorsOf(db, row.id, 0, IMPORT_RUN_ERRORS_SHOWN), repo.countErrors(db, row.id)]);
  return { ...toRun(row), errors: errors.map(({ line, field, message }) => ({ line, field, message })), errors_kept: kept };
}

/** Errors read per statement for the CSV. */
const CSV_PAGE = 1000;

/** Every error kept of the run, as CSV in the staff user's language (the messages are the import's own). */
export async function importRunErrorsCsv(db: DbOrTx, uuid: string, lang: Lang): Promise<{ body: string; disposition: string }> {
  const row = await runOf(db, uuid);
  const say = (key: 'csv_line' | 'csv_field' | 'csv_message') => textIn(lang, IMPORT_RUNS_MESSAGES, key);
  const parts = [CSV_BOM, csvLine([say('csv_line'), say('csv_field'), say('csv_message')])];
  for (let after = 0; ; ) {
    const page = await repo.errorsOf(db, row.id, after, CSV_PAGE);
    for (const e of page) parts.push(csvLine([e.line, e.field, e.message]));
    if (page.length < CSV_PAGE) break;
    after = page[page.length - 1]!.seq;
  }
  return { body: parts.join(''), disposition: attachment(`import-run-${row.id}-${row.kind}-errors.csv`) };
}
