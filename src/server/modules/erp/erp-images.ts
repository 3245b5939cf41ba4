import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import type { ErpImportReport, ErpRowError } from '../../../shared/api/erp-import';
import type { Db, DbOrTx } from '../../db/client';
import * as repo from './erp-images.repository';
import { createImageService } from '../images/images.service';
import { finishRun, finishRunAlone, type ImportRunBy, refusedLines, type RunOutcome, type RunRef, startRun, stoppedBy, UNNAMED_CLI } from './import-runs';

/**
 * Import of product images from a folder (docs/erp-exchange.md, "images"): each file is named
 * after the article number it shows, `<sku>.<ext>` or `<sku>-<n>.<ext>` (n orders a product's
 * images). Files are keyed by file name: a new name inserts a file, new bytes under a known name
 * replace it. Everything is checked first (names, article numbers, readable images); then one
 * transaction writes the files one at a time (memory holds one image); after the commit the
 * three image styles are rendered for new and changed files, so no visitor waits for them.
 *
 * The steps: plan the folder (check every file), report its problems, write the planned files in
 * one transaction, render the styles of what changed.
 */

export const IMAGE_MIME: Record<string, string> = {
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.gif': 'image/gif',
  '.svg': 'image/svg+xml',
};
export const MAX_IMAGE_BYTES = 20 * 1024 * 1024;
const BASE_RE = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

export type ImageImportResult = Omit<ErpImportReport, 'kind' | 'format'> & { kind: 'images'; format: 'folder' | 'tar'; writes: Record<string, number> };

interface Planned {
  file: string;
  sku: string;
  weight: number;
  mime: string;
}

export interface ImageImportOptions {
  dryRun: boolean;
  dataDir: string;
  log?: { warn(obj: object, msg: string): void };
  /** Problems found before the folder existed (an uploaded archive's): reported with the folder's, and nothing is applied. */
  problems?: readonly ErpRowError[];
  /** The report's format: 'folder' (the CLI), 'tar' (an uploaded archive). */
  format?: 'folder' | 'tar';
  /** The import's run (issue 42, point 8), started by the caller; none: one is started here, by `by`. */
  run?: RunRef;
  by?: ImportRunBy;
}

/** A file whose styles are rendered after the commit; `replaced`: its old styles go first. */
interface ToRender {
  id: number;
  uuid: string;
  replaced: boolean;
}

/**
 * The article number and place a file's base name stands for: the whole name is the article
 * number, or the article number and -<n> (the image's place). Undefined when it names no article
 * in the shop; `named` is what it names then.
 */
async function articleOf(db: DbOrTx, base: string): Promise<{ sku: string; weight: number } | { named: string }> {
  if ((await repo.findProductOfSku(db, base)) !== undefined) return { sku: base, weight: 0 };
  const numbered = /^(.+)-(\d{1,3})$/.exec(base);
  if (!numbered || (await repo.findProductOfSku(db, numbered[1]!)) === undefined) return { named: numbered?.[1] ?? base };
  return { sku: numbered[1]!, weight: Number(numbered[2]) };
}

/** The stored type of the image: what the bytes are, whatever the extension says; undefined when it cannot be read. */
async function imageMime(full: string, fallback: string): Promise<string | undefined> {
  try {
    const meta = await sharp(await readFile(full), { limitInputPixels: 50_000_000 }).metadata();
    if (!meta.width || !meta.height) return undefined;
    return IMAGE_MIME[`.${meta.format === 'jpeg' ? 'jpg' : meta.format}`] ?? fallback;
  } catch {
    return undefined;
  }
}

/** Plan one file: what it is an image of, or the problem with it (its line: its place in the sorted list). */
async function planFile(db: Db, folder: string, name: string, line: number): Promise<Planned | ErpRowError> {
  const extension = path.extname(name);
  const mime = IMAGE_MIME[extension.toLowerCase()];
  const base = name.slice(0, name.length - extension.length);
  if (!mime || !BASE_RE.test(base)) return { line, field: name, message: 'is not named <article number>[-<n>].jpg|jpeg|png|webp|gif|svg' };
  const article = await articleOf(db, base);
  if ('named' in article) return { line, field: name, message: `names article number ${article.named}, which is not in the shop` };
  const full = path.join(folder, name);
  if ((await stat(full)).size > MAX_IMAGE_BYTES) return { line, field: name, message: `is larger than ${MAX_IMAGE_BYTES / 1024 / 1024} MB` };
  const actual = await imageMime(full, mime);
  if (!actual) return { line, field: name, message: 'is not an image that can be read' };
  return { file: name, sku: article.sku, weight: article.weight, mime: actual };
}

/** Plan the folder: its files (sorted; hidden ones left out), each planned or refused. */
async function planFolder(db: Db, folder: string): Promise<{ names: string[]; planned: Planned[]; errors: ErpRowError[] }> {
  const names = (await readdir(folder, { withFileTypes: true })).filter((e) => e.isFile() && !e.name.startsWith('.')).map((e) => e.name).sort();
  const planned: Planned[] = [];
  const errors: ErpRowError[] = [];
  // Line numbers are positions in the sorted file list (1-based): a folder has no lines.
  for (const [index, name] of names.entries()) {
    const plan = await planFile(db, folder, name, index + 1);
    if ('file' in plan) planned.push(plan);
    else errors.push(plan);
  }
  return { names, planned, errors };
}

/** A report of nothing done yet. */
export function emptyImageReport(dryRun: boolean, format: 'folder' | 'tar'): ImageImportResult {
  return {
    kind: 'images',
    format,
    dry_run: dryRun,
    deactivate_missing: false,
    applied: false,
    rows: 0,
    errors: [],
    error_count: 0,
    errors_truncated: false,
    counts: { inserted: 0, updated: 0, unchanged: 0, deactivated: 0 },
    writes: { files_inserted: 0, files_updated: 0, links_added: 0, links_updated: 0 },
    ms: 0,
  };
}

/** The report before anything is written: the folder's problems (an empty folder is one). */
function reportOf(names: readonly string[], errors: ErpRowError[], options: ImageImportOptions): ImageImportResult {
  if (names.length === 0 && errors.length === 0) errors.push({ line: 0, field: options.format === 'tar' ? '(archive)' : '(folder)', message: 'has no files' });
  return { ...emptyImageReport(options.dryRun, options.format ?? 'folder'), rows: names.length, errors, error_count: errors.length };
}

/** Writes the file under its name (new, or new bytes); answers the file and whether it changed. */
async function writeFile(tx: DbOrTx, item: Planned, data: Buffer, report: ImageImportResult, render: ToRender[]): Promise<{ fileId: number; changed: boolean }> {
  const existing = await repo.findFileByName(tx, item.file, data, item.mime);
  if (!existing) {
    const row = await repo.insertFile(tx, { filename: item.file, mime: item.mime, data });
    report.counts.inserted += 1;
    report.writes.files_inserted! += 1;
    render.push({ id: row.id, uuid: row.uuid, replaced: false });
    return { fileId: row.id, changed: true };
  }
  if (existing.same) return { fileId: existing.id, changed: false };
  await repo.replaceFile(tx, existing.id, { data, mime: item.mime });
  report.counts.updated += 1;
  report.writes.files_updated! += 1;
  render.push({ id: existing.id, uuid: existing.uuid, replaced: true });
  return { fileId: existing.id, changed: true };
}

/** Links the file to its product at its place; answers whether the link changed. */
async function writeLink(tx: DbOrTx, productId: number, fileId: number, weight: number, report: ImageImportResult): Promise<boolean> {
  const known = await repo.findImageLinkWeight(tx, productId, fileId);
  if (known === undefined) {
    await repo.insertImageLink(tx, { productId, fileId, weight });
    report.writes.links_added! += 1;
    return true;
  }
  if (known === weight) return false;
  await repo.setImageLinkWeight(tx, productId, fileId, weight);
  report.writes.links_updated! += 1;
  return true;
}

/** Write: the planned files one at a time (memory holds one image), in one transaction; a dry run rolls it back. */
async function writeImages(db: Db, folder: string, planned: readonly Planned[], report: ImageImportResult, run: { ref: RunRef; started: number }): Promise<ToRender[]> {
  const render: ToRender[] = [];
  class Rollback extends Error {}
  try {
    await db.transaction(async (tx) => {
      await repo.lockErpImport(tx);
      for (const item of planned) {
        const data = await readFile(path.join(folder, item.file));
        const productId = (await repo.findProductOfSku(tx, item.sku))!;
        const file = await writeFile(tx, item, data, report, render);
        const linked = await writeLink(tx, productId, file.fileId, item.weight, report);
        if (linked && !file.changed) report.counts.updated += 1;
        if (!linked && !file.changed) report.counts.unchanged += 1;
      }
      if (run.ref.dryRun) throw new Rollback();
      report.applied = true;
      await finishRun(tx, run.ref, imageRunOutcome(report, run.started));
    });
  } catch (error) {
    if (!(error instanceof Rollback)) throw error;
  }
  return render;
}

/** Render: the three styles of new and changed files, after the commit; a file that fails is logged. */
async function renderStyles(db: Db, render: readonly ToRender[], options: ImageImportOptions): Promise<void> {
  const images = createImageService(db, { dataDir: options.dataDir, ...(options.log ? { log: options.log as never } : {}) });
  for (const file of render) {
    if (file.replaced) await images.purge(file.uuid);
    await images.ensureStyles(file.id).catch((err: unknown) => options.log?.warn({ err, fileId: file.id }, 'image styles could not be made'));
  }
}

/** What the images import's run records. */
export function imageRunOutcome(report: ImageImportResult, started: number, failure?: RunOutcome['failure']): RunOutcome {
  return {
    rows: report.rows,
    counts: report.error_count === 0 ? report.counts : { inserted: 0, updated: 0, unchanged: 0, deactivated: 0 },
    applied: report.applied,
    errors: report.errors,
    errorCount: report.error_count,
    refused: refusedLines(report.errors),
    ...(failure ? { failure } : {}),
    tookMs: Math.round(performance.now() - started),
    finishedAt: new Date(),
  };
}

/** Starts the images import's run, unless the caller did. */
export async function imageRun(db: Db, options: ImageImportOptions): Promise<RunRef> {
  if (options.run) return options.run;
  const start = { kind: 'images' as const, format: options.format ?? 'folder', dryRun: options.dryRun, deactivateMissing: false, at: new Date() };
  return startRun(db, options.by ?? UNNAMED_CLI, start);
}

export async function importImageFolder(db: Db, folder: string, options: ImageImportOptions): Promise<ImageImportResult> {
  const started = performance.now();
  const run = await imageRun(db, options);
  let report: ImageImportResult | undefined;
  try {
    const { names, planned, errors } = await planFolder(db, folder);
    report = reportOf(names, [...(options.problems ?? []), ...errors], options);
    if (report.error_count === 0) {
      const render = await writeImages(db, folder, planned, report, { ref: run, started });
      if (report.applied) await renderStyles(db, render, options);
    }
  } catch (error) {
    await finishRunAlone(db, run, imageRunOutcome(report ?? emptyImageReport(options.dryRun, options.format ?? 'folder'), started, stoppedBy(error)));
    throw error;
  }
  if (!report.applied) await finishRunAlone(db, run, imageRunOutcome(report, started));
  report.ms = Math.round(performance.now() - started);
  return report;
}
