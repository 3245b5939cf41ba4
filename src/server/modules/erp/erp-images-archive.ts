import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, rename, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ErpRowError } from '../../../shared/api/erp-import';
import type { Db } from '../../db/client';
import { emptyImageReport, type ImageImportResult, imageRun, imageRunOutcome, importImageFolder, MAX_IMAGE_BYTES } from './erp-images';
import { finishRunAlone, type ImportRunBy, stoppedBy } from './import-runs';
import { readTar, TarError } from './tar-reader';

/**
 * Images over HTTP (docs/erp-exchange.md, "images"): the folder comes as a tar archive. The
 * archive is read as it streams in, each file written to a private temporary folder (memory holds
 * one chunk), and that folder is then imported exactly as the CLI imports one: the same checks,
 * the same report, one transaction, whole or not at all. The temporary folder goes afterwards.
 *
 * The archive holds the files themselves (`tar -cf images.tar -C images .`) or one folder with
 * them (`tar -cf images.tar images`); hidden files and folders are skipped, as the CLI does.
 * Anything else (a deeper folder, a link, a name twice, a file over the size limit) is a problem
 * reported with line 0 and the entry's path as the field.
 */

interface Spooled {
  entry: string;
  temp: string;
}

/** The files' names in the folder: the entry path without "./", and without a folder all of them share. */
function folderNames(files: Spooled[]): Map<Spooled, string> {
  const parts = files.map((file) => file.entry.replace(/^(\.\/)+/, '').split('/'));
  const top = parts[0]?.[0];
  const oneFolder = parts.length > 0 && parts.every((p) => p.length === 2 && p[0] === top);
  return new Map(files.map((file, i) => [file, (oneFolder ? parts[i]!.slice(1) : parts[i]!).join('/')]));
}

export interface ImageArchiveOptions {
  dryRun: boolean;
  by?: ImportRunBy;
  dataDir: string;
  log?: { warn(obj: object, msg: string): void };
}

/** Reads the archive into `folder`, each file spooled under a name of ours first; answers the problems found. */
async function spoolArchive(input: AsyncIterable<Buffer | Uint8Array | string>, work: string, folder: string): Promise<ErpRowError[]> {
  const spool = path.join(work, 'spool');
  await mkdir(spool);
  await mkdir(folder);
  const problems: ErpRowError[] = [];
  const problem = (entry: string, message: string) => problems.push({ line: 0, field: entry, message });
  const files: Spooled[] = [];
  try {
    for await (const entry of readTar(input)) {
      const hidden = entry.name.replace(/^(\.\/)+/, '').split('/').some((part) => part.startsWith('.') && part !== '');
      if (entry.type === 'directory' || hidden) continue;
      if (entry.type !== 'file') {
        problem(entry.name, 'is not a file (links and devices are not taken)');
        continue;
      }
      if (entry.size > MAX_IMAGE_BYTES) {
        problem(entry.name, `is larger than ${MAX_IMAGE_BYTES / 1024 / 1024} MB`);
        continue;
      }
      // Spooled under a name of ours: the entry's own path is only looked at once all are known.
      const temp = path.join(spool, String(files.length));
      await pipeline(Readable.from(entry.body), createWriteStream(temp));
      files.push({ entry: entry.name, temp });
    }
  } catch (error) {
    if (!(error instanceof TarError)) throw error;
    problem('(archive)', error.message);
  }
  await placeFiles(files, folder, problem);
  return problems;
}

/** Moves the spooled files to their names in the folder; a deeper folder, a bad name or a name twice is a problem. */
async function placeFiles(files: Spooled[], folder: string, problem: (entry: string, message: string) => void): Promise<void> {
  const seen = new Set<string>();
  for (const [file, name] of folderNames(files)) {
    if (name.includes('/')) {
      problem(file.entry, 'is in a folder inside the archive (give the files, or one folder with them)');
    } else if (name === '' || name.includes('\\') || name.includes('\u0000')) {
      problem(file.entry, 'is not a file name the import can take');
    } else if (seen.has(name)) {
      problem(file.entry, 'is in the archive twice');
    } else {
      seen.add(name);
      await rename(file.temp, path.join(folder, name));
    }
  }
}

export async function importImageArchive(db: Db, input: AsyncIterable<Buffer | Uint8Array | string>, options: ImageArchiveOptions): Promise<ImageImportResult> {
  const started = performance.now();
  const run = await imageRun(db, { ...options, format: 'tar' });
  const work = await mkdtemp(path.join(tmpdir(), 'erp-images-'));
  try {
    const folder = path.join(work, 'images');
    let problems: ErpRowError[];
    try {
      problems = await spoolArchive(input, work, folder);
    } catch (error) {
      // Stopped while reading the archive (too large a body): the run says why.
      await finishRunAlone(db, run, imageRunOutcome(emptyImageReport(options.dryRun, 'tar'), started, stoppedBy(error)));
      throw error;
    }
    return await importImageFolder(db, folder, { ...options, problems, format: 'tar', run });
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

/** What the HTTP route needs: the server's data folder and log are fixed here. */
export function createErpImageService(db: Db, deps: { dataDir: string; log?: ImageArchiveOptions['log'] }) {
  return {
    importArchive: (input: AsyncIterable<Buffer | Uint8Array | string>, dryRun: boolean, by?: ImportRunBy) =>
      importImageArchive(db, input, { dryRun, dataDir: deps.dataDir, ...(deps.log ? { log: deps.log } : {}), ...(by ? { by } : {}) }),
  };
}

export type ErpImageService = ReturnType<typeof createErpImageService>;
