import type { ErpImportKind } from '../../../shared/api/erp';
import type { ErpImportReport, ErpRowError } from '../../../shared/api/erp-import';
import { IMPORT_RUN_ERRORS_KEPT } from '../../../shared/api/staff-import-runs';
import type { Db, Tx } from '../../db/client';
import { type ErpFormat, readRecords } from './erp-reader';
import { ANALYZE_FROM_ROWS, analyzeAfterImport, type RunStep } from './erp-sql.repository';
import { mergeStock, repeatedStockRows } from './erp-stock.repository';
import { fieldWithNul, type Html, STAGERS } from './erp-stage-rows';
import { type createErpRepository, type StageRow } from './erp.repository';
import type { FoodChangeStamp } from './erp-food-changes.repository';
import { dayBefore } from '../../../shared/delivery-date';
import { type Pacer, UNPACED } from './pacer';

/**
 * The steps of an ERP import (erp.service.ts tells them in order): read and stage the file's
 * rows, check the file as a whole, merge, and after the commit refresh statistics and mail the
 * new users. Each step reports its problems into the import's `ImportProblems`.
 */

type Repo = ReturnType<typeof createErpRepository>;

/**
 * Every problem of one import: all are counted, the first `limit` kept for the report, the first
 * `runLimit` for the import run (whose errors staff download), and the lines they are on.
 */
export class ImportProblems {
  readonly kept: ErpRowError[] = [];
  readonly forRun: ErpRowError[] = [];
  /** The lines with a problem, remembered up to LINES_REMEMBERED; past that a new line is one that differs from the last. */
  private readonly lines = new Set<number>();
  private linesPast = 0;
  private lastLine = 0;
  count = 0;
  constructor(
    private readonly limit: number,
    private readonly runLimit = Math.max(limit, IMPORT_RUN_ERRORS_KEPT),
  ) {}

  add(error: ErpRowError): void {
    this.count += 1;
    if (error.line > 0 && !this.lines.has(error.line)) {
      if (this.lines.size < LINES_REMEMBERED) this.lines.add(error.line);
      else if (error.line !== this.lastLine) this.linesPast += 1;
      this.lastLine = error.line;
    }
    if (this.kept.length < this.limit) this.kept.push(error);
    if (this.forRun.length < this.runLimit) this.forRun.push(error);
  }

  /** How many lines have a problem (the run's refused count). */
  get lineCount(): number {
    return this.lines.size + this.linesPast;
  }
}

/** Lines with a problem counted exactly; a file with more is read on in the same memory (decision 011). */
const LINES_REMEMBERED = 100_000;

export interface ReadStep {
  kind: ErpImportKind;
  format: ErpFormat;
  input: AsyncIterable<Buffer | Uint8Array | string>;
  batchSize: number;
  html: Html;
}

/**
 * Kinds whose files are read and checked row by row before the import's transaction begins, then
 * staged in one statement: their files are small (a stock file is 20,000 short rows, about 1 MB)
 * and frequent, and on PGlite, whose one connection a transaction holds until its commit, reading
 * the upload inside it made every request wait for the upload and the parsing (decision 030). The
 * large kinds (products with their HTML) keep staging batch by batch as they are read, so a file is
 * never held in memory whole.
 */
export const READ_BEFORE_TRANSACTION: ReadonlySet<ErpImportKind> = new Set<ErpImportKind>(['stock']);

/**
 * Read → check each row: the file is read once, each record checked against its kind's schema
 * and, when valid, handed to `batch` in batches of `batchSize`. Answers the number of rows read.
 */
async function readRows(step: ReadStep, problems: ImportProblems, batch: (rows: StageRow[]) => Promise<void>): Promise<number> {
  const { kind, format } = step;
  const { fields: known, stage } = STAGERS[kind];
  let rows = 0;
  let pending: StageRow[] = [];
  let headerChecked = false;
  for await (const record of readRecords(format, step.input)) {
    if (record.error) {
      if (record.error.field !== '(header)') rows += 1;
      problems.add({ line: record.line, ...record.error });
      continue;
    }
    rows += 1;
    // Unknown fields are usually typing errors that would lose data silently: a CSV header is
    // checked once, every JSON line on its own.
    if (format === 'jsonl' || !headerChecked) {
      headerChecked = true;
      for (const name of Object.keys(record.fields)) {
        if (!known.has(name)) {
          problems.add({ line: format === 'csv' ? 1 : record.line, field: name, message: `is not a field of ${kind} (fields: ${[...known].join(', ')})` });
        }
      }
    }
    const nul = fieldWithNul(record.fields);
    if (nul) {
      problems.add({ line: record.line, field: nul, message: 'contains a NUL character' });
      continue;
    }
    const staged = stage(record.fields, record.line, step.html);
    if (staged.issues) {
      for (const issue of staged.issues) problems.add({ line: record.line, field: String(issue.path[0] ?? '(row)'), message: issue.message });
      continue;
    }
    pending.push(staged.row);
    if (pending.length >= step.batchSize) {
      await batch(pending);
      pending = [];
    }
  }
  if (pending.length > 0) await batch(pending);
  if (rows === 0) problems.add({ line: 0, field: '(file)', message: 'has no rows' });
  return rows;
}

/** A file read and checked row by row before its transaction: its valid rows and how many rows it had. */
export interface ReadFile {
  rows: number;
  valid: StageRow[];
}

/**
 * Rows read between two yields to the event loop when a file is read before its transaction: a
 * step small enough that the product list's tail does not rise during imports (250 rows did).
 */
const READ_STEP_ROWS = 50;

/** Reads the whole file into memory (kinds of READ_BEFORE_TRANSACTION only), touching no database; staged later. */
export async function readFile(step: ReadStep, problems: ImportProblems): Promise<ReadFile> {
  const valid: StageRow[] = [];
  // The rows of a received body parse without any I/O: after each small batch the event loop
  // serves the requests waiting meanwhile (decision 030).
  const rows = await readRows({ ...step, batchSize: Math.min(step.batchSize, READ_STEP_ROWS) }, problems, async (batch) => {
    for (const row of batch) valid.push(row);
    await UNPACED.step();
  });
  // The file is whole in memory: what needs all of it and no database is checked here.
  if (step.kind === 'stock') for (const error of repeatedStockRows(valid as Array<{ line: number; sku: string }>)) problems.add(error);
  return { rows, valid };
}

/** Read → check each row → stage, batch by batch inside the transaction. Answers the number of rows read. */
export async function readAndStage(tx: Tx, repo: Repo, step: ReadStep, problems: ImportProblems): Promise<number> {
  return readRows(step, problems, async (batch) => {
    await repo.stageRows(tx, step.kind, batch);
  });
}

/** The checks that need the whole file and the shop's data (repeated keys, references, cycles). */
export async function checkFile(tx: Tx, repo: Repo, kind: ErpImportKind, problems: ImportProblems, limit: number): Promise<void> {
  await repo.prepareStage(tx, kind);
  for (const error of await repo.checkStage(tx, kind, limit)) problems.add(error);
}

export interface MergeStep {
  kind: ErpImportKind;
  rows: number;
  deactivateMissing: boolean;
  today: string;
  /** Names the changes a food import announces (decision 024). */
  stamp: FoodChangeStamp;
  /** Stock: lock the rows of a range before writing it (not needed on PGlite's one connection). */
  lockRows?: boolean;
  /** Stock: the variation ids staged, which the merge cuts its ranges from. */
  stagedIds?: readonly number[];
}

export interface Merged {
  counts: ErpImportReport['counts'];
  writes: Record<string, number>;
  insertedIds: number[];
}

/**
 * Merges the stage into the shop's tables; prices and quotes a full import leaves out end
 * yesterday. Stock is merged range by range (paced: with rests between), each through `run`.
 */
export async function mergeStage(run: RunStep, repo: Repo, step: MergeStep, pace: Pacer = UNPACED): Promise<Merged> {
  const { kind } = step;
  const merged =
    kind === 'stock'
      ? await mergeStock(run, step.stagedIds ?? [], step.deactivateMissing, pace, step.lockRows ?? true)
      : await run((tx) => repo.merge(tx, kind, { deactivateMissing: step.deactivateMissing, today: step.today, yesterday: dayBefore(step.today), stamp: step.stamp }));
  return {
    counts: { inserted: merged.inserted, updated: merged.updated, unchanged: step.rows - merged.inserted - merged.updated, deactivated: merged.deactivated },
    writes: merged.writes,
    insertedIds: merged.insertedIds ?? [],
  };
}

/**
 * Writes that change what the planner knows of a table: the rows a stock import only updates keep
 * the table's size and keys (levels and dates are never filtered on), and stock comes often, so
 * those leave the statistics to autovacuum.
 */
const PLANNED_WRITES: Partial<Record<ErpImportKind, (name: string) => boolean>> = { stock: (name) => name !== 'stock_updated' };

/** After a commit that wrote much: the planner's statistics of the tables it wrote (erp-sql.repository.ts says why). */
export async function refreshStatistics(db: Db, kind: ErpImportKind, writes: Record<string, number>): Promise<void> {
  const counts = PLANNED_WRITES[kind];
  const written = Object.entries(writes).reduce((sum, [name, n]) => sum + (!counts || counts(name) ? n : 0), 0);
  if (written >= ANALYZE_FROM_ROWS) await analyzeAfterImport(db, kind);
}

/** The new users' welcome mails, after the commit (the users' module writes them). */
export { sendWelcomeMails, type WelcomeDeps } from '../auth/welcome.service';
