import type * as schema from '../../src/server/db/schema';

export type ImportRunRow = typeof schema.importRuns.$inferInsert;
export type ImportRunErrorRow = typeof schema.importRunErrors.$inferInsert;
export type AuditLogRow = typeof schema.auditLog.$inferInsert;

export interface ImportRunRows {
  importRuns: ImportRunRow[];
  importRunErrors: ImportRunErrorRow[];
  /** One entry per run, as the import writes it (decision 037). */
  auditLog: AuditLogRow[];
}

const HOUR = 3_600_000;
/** The demo's ERP token, as staff see it: its fingerprint (not the token's own characters). */
const TOKEN = 'ERP token 3f9c2a71';
const ERP_ADDRESS = '10.20.0.15';

type Result = 'ok' | 'with_errors' | 'failed';
interface DemoRun {
  kind: string;
  source: 'http' | 'cli';
  format: string;
  hoursBack: number;
  tookMs: number;
  rows: number;
  counts: [number, number, number, number];
  result: Result;
  dryRun?: boolean;
  deactivateMissing?: boolean;
  failure?: { code: 'unreadable' | 'no_rows' | 'too_large' | 'stopped'; message: string };
  errors?: Array<[number, string, string]>;
}

/**
 * A week of the ERP's imports, oldest first, so the import runs page has something to show on a
 * fresh start (issue 42, point 8): the nightly catalogue, prices and customers, stock every few
 * hours, a refused prices file with its errors per line, a file that could not be read, an empty
 * stock file, images, and a dry run from the command line.
 */
const RUNS: DemoRun[] = [
  { kind: 'categories', source: 'http', format: 'csv', hoursBack: 150, tookMs: 412, rows: 38, counts: [0, 1, 37, 0], result: 'ok' },
  { kind: 'products', source: 'http', format: 'csv', hoursBack: 149.9, tookMs: 8_240, rows: 412, counts: [6, 23, 383, 0], result: 'ok', deactivateMissing: true },
  { kind: 'users', source: 'cli', format: 'csv', hoursBack: 124, tookMs: 905, rows: 46, counts: [2, 0, 44, 0], result: 'ok', dryRun: true },
  { kind: 'images', source: 'http', format: 'tar', hoursBack: 100, tookMs: 3_610, rows: 9, counts: [4, 1, 4, 0], result: 'ok' },
  {
    kind: 'prices',
    source: 'http',
    format: 'csv',
    hoursBack: 76,
    tookMs: 1_322,
    rows: 1_204,
    counts: [0, 0, 0, 0],
    result: 'with_errors',
    errors: [
      [18, 'price', 'must be an amount in euros with at most 2 decimals, e.g. 12.50'],
      [233, 'sku', 'names article number 880999, which is not in the shop'],
      [233, 'valid_from', 'must be a date written YYYY-MM-DD'],
      [871, 'price_list', 'names price list GROOTH-OUD, which is not in the shop'],
    ],
  },
  {
    kind: 'relations',
    source: 'http',
    format: 'jsonl',
    hoursBack: 52,
    tookMs: 96,
    rows: 17,
    counts: [0, 0, 0, 0],
    result: 'failed',
    failure: { code: 'unreadable', message: '(file) Line 18 is longer than 1048576 bytes.' },
    errors: [[0, '(file)', 'Line 18 is longer than 1048576 bytes.']],
  },
  { kind: 'stock', source: 'http', format: 'csv', hoursBack: 28, tookMs: 2_130, rows: 412, counts: [0, 57, 355, 0], result: 'ok' },
  { kind: 'stock', source: 'http', format: 'csv', hoursBack: 20, tookMs: 14, rows: 0, counts: [0, 0, 0, 0], result: 'failed', failure: { code: 'no_rows', message: '(file) has no rows' }, errors: [[0, '(file)', 'has no rows']] },
  { kind: 'prices', source: 'http', format: 'csv', hoursBack: 19, tookMs: 1_870, rows: 1_204, counts: [3, 41, 1_160, 0], result: 'ok' },
  { kind: 'stock', source: 'http', format: 'csv', hoursBack: 4, tookMs: 1_980, rows: 412, counts: [0, 38, 374, 0], result: 'ok' },
];

const ACTIONS: Record<Result, string> = { ok: 'import.applied', with_errors: 'import.refused', failed: 'import.failed' };

/** The runs with ids 1…n, their errors and their audit entries, dated back from the moment of loading. */
export function generateImportRuns(loadedAt: string): ImportRunRows {
  const at = (hoursBack: number) => new Date(new Date(loadedAt).getTime() - hoursBack * HOUR);
  const rows: ImportRunRows = { importRuns: [], importRunErrors: [], auditLog: [] };
  RUNS.forEach((run, index) => {
    const id = index + 1;
    const startedBy = run.source === 'http' ? TOKEN : 'erp-batch@erp01';
    const [inserted, updated, unchanged, deactivated] = run.counts;
    const refused = new Set((run.errors ?? []).filter(([line]) => line > 0).map(([line]) => line)).size;
    const finishedAt = new Date(at(run.hoursBack).getTime() + run.tookMs);
    rows.importRuns.push({
      id,
      kind: run.kind,
      source: run.source,
      startedBy,
      ip: run.source === 'http' ? ERP_ADDRESS : null,
      format: run.format,
      dryRun: run.dryRun ?? false,
      deactivateMissing: run.deactivateMissing ?? false,
      startedAt: at(run.hoursBack),
      finishedAt,
      tookMs: run.tookMs,
      rows: run.rows,
      newCount: inserted,
      changedCount: updated,
      unchangedCount: unchanged,
      deactivatedCount: deactivated,
      refusedCount: refused,
      errorCount: run.errors?.length ?? 0,
      result: run.result,
      failureCode: run.failure?.code ?? null,
      failure: run.failure?.message ?? null,
    });
    (run.errors ?? []).forEach(([line, field, message], seq) => rows.importRunErrors.push({ runId: id, seq: seq + 1, line, field, message }));
    rows.auditLog.push({
      at: finishedAt,
      userId: null,
      userName: null,
      masqueradeFromUserId: null,
      masqueradeFromName: null,
      system: 'erp_import',
      entity: 'import_run',
      entityId: String(id),
      relationId: null,
      action: run.result === 'ok' && run.dryRun ? 'import.dry_run' : ACTIONS[run.result],
      before: null,
      after: { kind: run.kind, result: run.result, started_by: startedBy, rows: run.rows, new: inserted, changed: updated, unchanged, deactivated, refused, errors: run.errors?.length ?? 0 },
      reason: run.failure?.message ?? null,
      ip: run.source === 'http' ? ERP_ADDRESS : null,
    });
  });
  return rows;
}
