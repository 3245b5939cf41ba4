import { createHash, randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, rm, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { DbOrTx } from '../../db/client';
import { AppError, notFound } from '../../errors';
import { localized } from '../../i18n';
import { renderImageStyle, UnreadableImageError } from './image-render';
import { IMAGE_STYLE_NAMES, type ImageStyleName } from './image-styles';
import { IMAGES_MESSAGES } from './images.messages';
import * as repo from './images.repository';
import type { OriginalFile } from './images.repository';

/** Where rendered styles are cached: `{dataDir}/image-styles/{style}/{uuid}.webp`. */
export const imageStylesDir = (dataDir: string) => path.join(dataDir, 'image-styles');

export interface StyledImage {
  data: Buffer;
  /** A strong entity tag of the bytes. */
  etag: string;
  /** Whether the bytes came from the disk cache (false: rendered for this call). */
  cached: boolean;
}

export interface ImageServiceOptions {
  /** The data folder; styles are cached in its `image-styles` folder. */
  dataDir: string;
  /** Warnings: an unreadable original, a cache that cannot be written. */
  log?: Pick<FastifyBaseLogger, 'warn'>;
}

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const etagOf = (data: Buffer) => `"${createHash('sha256').update(data).digest('base64url').slice(0, 32)}"`;

/** Whether an If-None-Match header names this entity tag (weak comparison, as RFC 9110 asks for GET). */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const bare = (tag: string) => tag.trim().replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || bare(tag) === bare(etag));
}

const unreadable = () =>
  new AppError(422, 'image.unreadable', localized(IMAGES_MESSAGES, 'image.unreadable'));

/** What the image service's functions share: the cache folder and the renders under way. */
export interface ImageContext {
  db: DbOrTx;
  root: string;
  rendering: Map<string, Promise<StyledImage>>;
  log: ImageServiceOptions['log'];
}

function cachePath({ root }: ImageContext, style: ImageStyleName, uuid: string): string {
  // The route validates both; this guard keeps every other caller inside the cache folder too.
  if (!UUID_RE.test(uuid)) throw new Error(`not a lower-case uuid: ${uuid}`);
  return path.join(root, style, `${uuid}.webp`);
}

async function readCached(file: string): Promise<Buffer | null> {
  try {
    return await readFile(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/** Writes atomically; a cache that cannot be written is logged, the image is still served. */
async function writeCached({ log }: ImageContext, file: string, data: Buffer): Promise<void> {
  const temp = `${file}.${process.pid}.${randomUUID()}.tmp`;
  try {
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(temp, data);
    await rename(temp, file);
  } catch (error) {
    log?.warn({ err: error, file }, 'image style could not be cached');
    await unlink(temp).catch(() => undefined);
  }
}

async function render({ log }: ImageContext, original: OriginalFile, style: ImageStyleName): Promise<Buffer> {
  try {
    return (await renderImageStyle(original.data, style)).data;
  } catch (error) {
    if (!(error instanceof UnreadableImageError)) throw error;
    log?.warn({ fileId: original.id, filename: original.filename, mime: original.mime, style, reason: error.message }, 'image original is unreadable');
    throw unreadable();
  }
}

/** Renders (once per process at a time) and caches one style; `load` finds the original. */
function renderOnce(ctx: ImageContext, style: ImageStyleName, uuid: string, load: () => Promise<OriginalFile | undefined>): Promise<StyledImage> {
  const { rendering } = ctx;
  const key = `${style}/${uuid}`;
  const running = rendering.get(key);
  if (running) return running;
  const job = (async (): Promise<StyledImage> => {
    const file = cachePath(ctx, style, uuid);
    // Another request may have finished this render between our cache miss and now.
    const cached = await readCached(file);
    if (cached) return { data: cached, etag: etagOf(cached), cached: true };
    const original = await load();
    if (!original) throw notFound(localized(IMAGES_MESSAGES, 'image.not_found'), 'image.not_found');
    const data = await render(ctx, original, style);
    await writeCached(ctx, file, data);
    return { data, etag: etagOf(data), cached: false };
  })().finally(() => rendering.delete(key));
  rendering.set(key, job);
  return job;
}

/** One style of a file by its uuid: from the disk cache, or rendered now and cached. */
export async function styled(ctx: ImageContext, style: ImageStyleName, uuid: string): Promise<StyledImage> {
  const { db } = ctx;
  const cached = await readCached(cachePath(ctx, style, uuid));
  if (cached) return { data: cached, etag: etagOf(cached), cached: true };
  return renderOnce(ctx, style, uuid, () => repo.findFileByUuid(db, uuid));
}

/**
 * Renders every style of a file that is not cached yet (an import calls it after storing
 * an original, so the first visitor does not wait). Reads the original once. Throws 404
 * for an unknown file and 422 for an original sharp cannot read.
 */
export async function ensureStyles(ctx: ImageContext, fileId: number): Promise<Record<ImageStyleName, StyledImage>> {
  const { db } = ctx;
  const original = await repo.findFileById(db, fileId);
  if (!original) throw notFound(localized(IMAGES_MESSAGES, 'image.not_found'), 'image.not_found');
  const load = async () => original;
  const results = await Promise.all(IMAGE_STYLE_NAMES.map((style) => renderOnce(ctx, style, original.uuid, load)));
  return Object.fromEntries(IMAGE_STYLE_NAMES.map((style, i) => [style, results[i]])) as Record<ImageStyleName, StyledImage>;
}

/** Removes the cached styles of a file (an import replacing or deleting an original). */
export async function purge(ctx: ImageContext, uuid: string): Promise<void> {
  await Promise.all(IMAGE_STYLE_NAMES.map((style) => rm(cachePath(ctx, style, uuid), { force: true })));
}

/**
 * Image styles of the stored originals (decision 003): rendered with sharp on first request (or
 * ahead, at import), then cached on local disk. The cache belongs to this instance and can
 * always be rebuilt from the database; files are written under a temporary name and renamed,
 * so a reader (or another instance on a shared disk) never sees half a file. Concurrent first
 * requests for the same style of the same file share one render in this process.
 */
export function createImageService(db: DbOrTx, options: ImageServiceOptions) {
  const ctx: ImageContext = { db, root: imageStylesDir(options.dataDir), rendering: new Map(), log: options.log };
  return {
    styled: (style: ImageStyleName, uuid: string) => styled(ctx, style, uuid),
    ensureStyles: (fileId: number) => ensureStyles(ctx, fileId),
    purge: (uuid: string) => purge(ctx, uuid),
  };
}

export type ImageService = ReturnType<typeof createImageService>;

/** A product's images as part of another module's statement on products (the catalogue's). */
export { type ImageRow, productImageList } from './images.repository';

/**
 * Pre-renders the three styles of a stored file, for an import that has just written it:
 * `await ensureImageStyles(db, config.dataDir, fileId)`.
 */
export function ensureImageStyles(db: DbOrTx, dataDir: string, fileId: number, log?: ImageServiceOptions['log']) {
  return createImageService(db, { dataDir, log }).ensureStyles(fileId);
}
