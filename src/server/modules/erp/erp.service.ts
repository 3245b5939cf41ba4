import pLimit from 'p-limit';
import type { ErpImportKind } from '../../../shared/api/erp';
import type { Db } from '../../db/client';
import { createErpExportRepository } from './erp-export.repository';
import {
  checkFile,
  type Merged,
  mergeStage,
  READ_BEFORE_TRANSACTION,
  readAndStage,
  readFile,
  refreshStatistics,
  sendWelcomeMails,
  type WelcomeDeps,
} from './erp-import-steps';
import { ErpReadError } from './erp-reader';
import { sanitiseProductHtml } from './erp-stage-rows';
import { createErpRepository } from './erp.repository';
import type { FoodChangeMails } from './food-change-mail';
import type { FoodChangeStamp } from './erp-food-changes.repository';
import { exportOrders, exportPayments } from './erp-export';
import { createPacer, partsOf, UNPACED } from './pacer';
import { createStockVacuum, type RunStep } from './erp-sql.repository';
import { finishRun, finishRunAlone, startRun, stoppedBy, UNNAMED_CLI } from './import-runs';
import { type ErpImportRequest, type ErpImportResult, type ImportJob, importReport, runOutcome, startJob } from './erp-import-job';

export type { ErpImportRequest, ErpImportResult } from './erp-import-job';

export interface ErpServiceDeps {
  now: () => Date;
  /** Rows per staging insert. */
  batchSize?: number;
  /** Errors kept in a report (all are counted). */
  errorLimit?: number;
  /** What welcome mails need; without it a users import cannot send them. */
  welcome?: WelcomeDeps;
  /**
   * Sends the mails of the food changes an import announces, after its commit; without it (the
   * command line) they wait in the outbox for the shop's job (decision 024).
   */
  foodChangeMails?: FoodChangeMails;
  /**
   * How a stock import gives way to customers (decision 030): the share of the time its work may
   * take, and the rows of a step. `oneConnection` (PGlite, whose one connection a transaction
   * holds): each step is a short transaction of its own, the rests between them, and rows need no
   * locks; otherwise the import is one transaction that rests inside. None: it works without
   * resting (the command line). `sleep` (tests): how it rests.
   */
  stockPacing?: { share: number; oneConnection: boolean; stepRows?: number; sleep?: (ms: number) => Promise<unknown> };
  /**
   * The database runs no autovacuum (PGlite): after a stock import, which rewrites many rows and
   * fills and empties the stock change tables each time, those tables are vacuumed by hand, or they
   * grow with every import and every order's statement on them slows down (decision 030).
   */
  noAutovacuum?: boolean;
  /** Where a run that could not be recorded is told (the import's answer stands). */
  log?: { error(obj: object, msg: string): void };
}

/** Thrown inside the import transaction to undo it (a bad file or a dry run); not an error. */
class Rollback extends Error {}

/** What the ERP service's functions share: the database, the deps, and the one-at-a-time gate. */
export interface ErpContext {
  db: Db;
  deps: ErpServiceDeps;
  repo: ReturnType<typeof createErpRepository>;
  exports: ReturnType<typeof createErpExportRepository>;
  /**
   * One import at a time in this process: the advisory lock of `lockImports` keeps imports apart
   * across processes, but an import in transactions of its own per step holds it only in its first.
   */
  oneImportAtATime: ReturnType<typeof pLimit>;
  vacuumStock: ReturnType<typeof createStockVacuum> | null;
  batchSize: number;
  errorLimit: number;
  logRunFailure: (error: unknown) => void;
}

/** How an import writes: in its own transactions or one, and how it rests between steps. */
interface ImportPlan {
  step: Parameters<typeof readFile>[0];
  early: Awaited<ReturnType<typeof readFile>> | undefined;
  ownTransactions: boolean;
  writePace: ReturnType<typeof createPacer>;
  lockRows: boolean;
}

/**
 * The import's database work, step by step through `run`: all in one transaction (the file
 * applies whole or not at all, and a dry run rolls it back), or each step in a short transaction
 * of its own (decision 030: a paced stock import on PGlite, whose file has passed every check
 * before the first write; a failure part way leaves the ranges written so far, which the next
 * stock file sets right, since every file states the levels whole).
 */
function inTransactions<T>({ db }: ErpContext, ownTransactions: boolean, body: (run: RunStep) => Promise<T>): Promise<T> {
  if (ownTransactions) return body((work) => db.transaction(work));
  return db.transaction((tx) => body((work) => work(tx)));
}

/** Reads a small kind before the transaction, and settles how the import writes and rests. */
async function planImport({ deps, batchSize }: ErpContext, job: ImportJob): Promise<ImportPlan> {
  const { kind, format, input, dryRun } = job.request;
  const step = { kind, format, input, batchSize, html: sanitiseProductHtml };
  // A small kind is read and checked before the transaction, which then holds the database
  // (PGlite's one connection) only for a few set-based statements (READ_BEFORE_TRANSACTION).
  // Reading only yields to the event loop every 50 rows: it uses no database, and a batch is
  // short, so the requests waiting meanwhile are served.
  const early = READ_BEFORE_TRANSACTION.has(kind) ? await readFile(step, job.problems) : undefined;
  const pacing = kind === 'stock' ? deps.stockPacing : undefined;
  const pace = pacing ? createPacer(pacing.share, { stepRows: pacing.stepRows, sleep: pacing.sleep }) : UNPACED;
  // On PGlite a paced import writes in short transactions of their own; a dry run, which must
  // roll back what it wrote, keeps one transaction there and does not rest inside it.
  const ownTransactions = pacing?.oneConnection === true && !dryRun;
  const writePace = pacing && (ownTransactions || !pacing.oneConnection) ? pace : UNPACED;
  return { step, early, ownTransactions, writePace, lockRows: pacing?.oneConnection !== true };
}

/** Stages the file's valid rows: those read before the transaction, or read now. */
async function stageRows({ repo }: ErpContext, job: ImportJob, plan: ImportPlan, run: RunStep) {
  const { kind } = job.request;
  if (!plan.early) {
    job.rows = await run((tx) => readAndStage(tx, repo, plan.step, job.problems));
    return;
  }
  job.rows = plan.early.rows;
  for (const [i, part] of partsOf(plan.early.valid, plan.writePace).entries()) {
    if (i > 0) await plan.writePace.step();
    for (const id of await run((tx) => repo.stageRows(tx, kind, part))) job.stagedIds.push(id);
  }
}

/** stage → check → merge, in the import's transaction(s); a bad file or a dry run rolls back. */
async function stageCheckMerge(ctx: ErpContext, job: ImportJob, plan: ImportPlan, run: RunStep) {
  const { repo, db, errorLimit } = ctx;
  const { kind, deactivateMissing, dryRun } = job.request;
  await run(async (tx) => {
    await repo.lockImports(tx);
    await repo.createStage(tx, kind, plan.ownTransactions);
  });
  try {
    await stageRows(ctx, job, plan, run);
    job.time.read = performance.now();
    await run((tx) => checkFile(tx, repo, kind, job.problems, errorLimit));
    if (job.problems.count > 0) throw new Rollback();
    job.time.checked = performance.now();
    const merge = { kind, rows: job.rows, deactivateMissing, today: job.today, stamp: job.stamp, lockRows: plan.lockRows, stagedIds: job.stagedIds };
    job.merged = await mergeStage(run, repo, merge, plan.writePace);
    if (dryRun) throw new Rollback();
    // The run is finished with the change: both are stored, or neither.
    await run((tx) => finishRun(tx, job.run!, runOutcome(ctx, job)));
    job.applied = true;
  } finally {
    if (plan.ownTransactions) await repo.dropStage(db, kind);
  }
}

/**
 * read → check → stage → merge → after the commit. The file is read once: each record is
 * checked against its row schema and, when valid, staged in a temporary table; then the checks
 * that need the whole file run in SQL; only a file without a single problem is merged, all in
 * one transaction (but see `inTransactions`). A dry run merges and rolls back, so its counts
 * are exactly what a real run would do. Statistics and welcome mails wait for the commit.
 */
export async function importFile(ctx: ErpContext, request: ErpImportRequest): Promise<ErpImportResult> {
  const job = startJob(ctx, request);
  const { kind, format, dryRun, deactivateMissing } = request;
  const run = await startRun(ctx.db, request.by ?? UNNAMED_CLI, { kind, format, dryRun, deactivateMissing, at: job.stamp.at });
  job.run = run;
  try {
    const plan = await planImport(ctx, job);
    await ctx.oneImportAtATime(() => inTransactions(ctx, plan.ownTransactions, (run) => stageCheckMerge(ctx, job, plan, run)));
  } catch (error) {
    if (error instanceof ErpReadError) job.problems.add({ line: 0, field: '(file)', message: error.message });
    else if (!(error instanceof Rollback)) {
      await finishRunAlone(ctx.db, run, runOutcome(ctx, job, stoppedBy(error)), ctx.logRunFailure);
      throw error;
    }
  }
  if (!job.applied) await finishRunAlone(ctx.db, run, runOutcome(ctx, job), ctx.logRunFailure);
  const mails = job.applied && job.merged ? await afterCommit(ctx, request.kind, job.merged, job.rows, job.sendWelcome, job.stamp) : undefined;
  return importReport(job, mails);
}

/** What waits for the commit: fresh statistics after a large write, then the welcome or food change mails. */
async function afterCommit({ db, deps, vacuumStock }: ErpContext, kind: ErpImportKind, merged: Merged, rows: number, sendWelcome: boolean, stamp: FoodChangeStamp) {
  await refreshStatistics(db, kind, merged.writes);
  if (kind === 'stock' && vacuumStock) await vacuumStock(merged.writes, rows);
  if (kind === 'food' && (merged.writes.food_change_mails ?? 0) > 0) {
    // Not configured (the command line): the shop's job sends them.
    return deps.foodChangeMails ? deps.foodChangeMails.send(stamp.importId) : { sent: 0, failed: merged.writes.food_change_mails ?? 0 };
  }
  if (!sendWelcome || !deps.welcome) return undefined;
  return sendWelcomeMails(db, deps.welcome, merged.insertedIds, deps.now());
}

export function createErpService(db: Db, deps: ErpServiceDeps) {
  const ctx: ErpContext = {
    db,
    deps,
    repo: createErpRepository(),
    exports: createErpExportRepository(),
    oneImportAtATime: pLimit(1),
    vacuumStock: deps.noAutovacuum ? createStockVacuum(db) : null,
    batchSize: deps.batchSize ?? 1000,
    errorLimit: deps.errorLimit ?? 1000,
    logRunFailure: (err) => deps.log?.error({ err }, 'the import run could not be recorded'),
  };
  return {
    importFile: (request: ErpImportRequest) => importFile(ctx, request),
    exportOrders: (after: string | undefined, limit: number) => exportOrders(ctx, after, limit),
    exportPayments: (after: string | undefined, limit: number) => exportPayments(ctx, after, limit),
  };
}

export type ErpService = ReturnType<typeof createErpService>;
