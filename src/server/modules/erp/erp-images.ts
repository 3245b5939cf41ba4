import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import type { ErpImportReport, ErpRowError } from '../../../shared/api/erp-import';
import type { Db } from '../../db/client';
import { createImageService } from '../images/images.service';
import * as repo from './erp-images.repository';

/**
 * Import of product images from a folder (docs/erp-exchange.md, "images"): each file is named
 * after the article number it shows, `<sku>.<ext>` or `<sku>-<n>.<ext>` (n orders a product's
 * images). Files are keyed by file name: a new name inserts a file, new bytes under a known name
 * replace it. Everything is checked first (names, article numbers, readable images); then one
 * transaction writes the files one at a time (memory holds one image); after the commit the
 * three image styles are rendered for new and changed files, so no visitor waits for them.
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

export async function importImageFolder(
  db: Db,
  folder: string,
  options: {
    dryRun: boolean;
    dataDir: string;
    log?: { warn(obj: object, msg: string): void };
    /** Problems found before the folder existed (an uploaded archive's): reported with the folder's, and nothing is applied. */
    problems?: readonly ErpRowError[];
    /** The report's format: 'folder' (the CLI), 'tar' (an uploaded archive). */
    format?: 'folder' | 'tar';
  },
): Promise<ImageImportResult> {
  const started = performance.now();
  const errors: ErpRowError[] = [...(options.problems ?? [])];
  const names = (await readdir(folder, { withFileTypes: true })).filter((e) => e.isFile() && !e.name.startsWith('.')).map((e) => e.name).sort();
  const planned: Planned[] = [];
  // Line numbers are positions in the sorted file list (1-based): a folder has no lines.
  for (const [index, name] of names.entries()) {
    const line = index + 1;
    const extension = path.extname(name);
    const mime = IMAGE_MIME[extension.toLowerCase()];
    const base = name.slice(0, name.length - extension.length);
    if (!mime || !BASE_RE.test(base)) {
      errors.push({ line, field: name, message: 'is not named <article number>[-<n>].jpg|jpeg|png|webp|gif|svg' });
      continue;
    }
    // The whole name is the article number, or the article number and -<n> (the image's place).
    let sku = base;
    let weight = 0;
    if ((await repo.variationProduct(db, base)) === undefined) {
      const numbered = /^(.+)-(\d{1,3})$/.exec(base);
      if (!numbered || (await repo.variationProduct(db, numbered[1]!)) === undefined) {
        errors.push({ line, field: name, message: `names article number ${numbered?.[1] ?? base}, which is not in the shop` });
        continue;
      }
      sku = numbered[1]!;
      weight = Number(numbered[2]);
    }
    const full = path.join(folder, name);
    if ((await stat(full)).size > MAX_IMAGE_BYTES) {
      errors.push({ line, field: name, message: `is larger than ${MAX_IMAGE_BYTES / 1024 / 1024} MB` });
      continue;
    }
    // The stored type is what the bytes are, whatever the extension says.
    let actual: string | undefined;
    try {
      const meta = await sharp(await readFile(full), { limitInputPixels: 50_000_000 }).metadata();
      if (!meta.width || !meta.height) throw new Error('no size');
      actual = IMAGE_MIME[`.${meta.format === 'jpeg' ? 'jpg' : meta.format}`];
    } catch {
      errors.push({ line, field: name, message: 'is not an image that can be read' });
      continue;
    }
    planned.push({ file: name, sku, weight, mime: actual ?? mime });
  }
  const report: ImageImportResult = {
    kind: 'images',
    format: options.format ?? 'folder',
    dry_run: options.dryRun,
    deactivate_missing: false,
    applied: false,
    rows: names.length,
    errors,
    error_count: errors.length,
    errors_truncated: false,
    counts: { inserted: 0, updated: 0, unchanged: 0, deactivated: 0 },
    writes: { files_inserted: 0, files_updated: 0, links_added: 0, links_updated: 0 },
    ms: 0,
  };
  if (names.length === 0 && errors.length === 0) {
    errors.push({ line: 0, field: options.format === 'tar' ? '(archive)' : '(folder)', message: 'has no files' });
    report.error_count = 1;
  }
  if (report.error_count > 0) {
    report.ms = Math.round(performance.now() - started);
    return report;
  }

  const render: Array<{ id: number; uuid: string; replaced: boolean }> = [];
  class Rollback extends Error {}
  try {
    await db.transaction(async (tx) => {
      await repo.lockErpImport(tx);
      for (const item of planned) {
        const data = await readFile(path.join(folder, item.file));
        const productId = (await repo.variationProduct(tx, item.sku))!;
        const existing = await repo.findFileByName(tx, item.file, data, item.mime);
        let fileId: number;
        let changed = false;
        if (!existing) {
          const row = await repo.insertFile(tx, { filename: item.file, mime: item.mime, data });
          fileId = row!.id;
          report.counts.inserted += 1;
          report.writes.files_inserted! += 1;
          render.push({ id: row!.id, uuid: row!.uuid, replaced: false });
          changed = true;
        } else {
          fileId = existing.id;
          if (!existing.same) {
            await repo.updateFile(tx, existing.id, { data, mime: item.mime });
            report.counts.updated += 1;
            report.writes.files_updated! += 1;
            render.push({ id: existing.id, uuid: existing.uuid, replaced: true });
            changed = true;
          }
        }
        const link = await repo.findImageLink(tx, productId, fileId);
        if (!link) {
          await repo.insertImageLink(tx, { productId, fileId, weight: item.weight });
          report.writes.links_added! += 1;
          if (!changed) report.counts.updated += 1;
          changed = true;
        } else if (link.weight !== item.weight) {
          await repo.updateImageLinkWeight(tx, productId, fileId, item.weight);
          report.writes.links_updated! += 1;
          if (!changed) report.counts.updated += 1;
          changed = true;
        }
        if (!changed) report.counts.unchanged += 1;
      }
      if (options.dryRun) throw new Rollback();
      report.applied = true;
    });
  } catch (error) {
    if (!(error instanceof Rollback)) throw error;
  }
  if (report.applied) {
    const images = createImageService(db, { dataDir: options.dataDir, ...(options.log ? { log: options.log as never } : {}) });
    for (const file of render) {
      if (file.replaced) await images.purge(file.uuid);
      await images.ensureStyles(file.id).catch((err: unknown) => options.log?.warn({ err, fileId: file.id }, 'image styles could not be made'));
    }
  }
  report.ms = Math.round(performance.now() - started);
  return report;
}
