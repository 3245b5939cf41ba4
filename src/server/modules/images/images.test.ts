import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { crc32 } from 'node:zlib';
import { asc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeEach, describe, expect, it } from 'vitest';
import { files, productImages } from '../../db/schema';
import { API, login, useTestApp } from '../../test/app';
import { IMAGE_STYLE_NAMES, IMAGE_STYLES, type ImageStyleName, imageStyleUris } from './image-styles';
import { createImageService, ensureImageStyles, etagMatches, imageStylesDir } from './images.service';

const t = useTestApp();

const cacheDir = () => imageStylesDir(t.app.config.dataDir);
const cacheFile = (style: ImageStyleName, uuid: string) => path.join(cacheDir(), style, `${uuid}.webp`);
const url = (style: string, file: string) => `${API}/images/styles/${style}/${file}`;

// Every test starts without rendered styles (the app, and so its data folder, lives per file).
beforeEach(() => {
  rmSync(cacheDir(), { recursive: true, force: true });
});

/** The first demo images (SVG originals, as the generator stores them). */
async function demoFiles(n = 1) {
  return t.app.database.db
    .select({ id: files.id, uuid: files.uuid, mime: files.mime })
    .from(files)
    .orderBy(asc(files.id))
    .limit(n);
}

async function storeFile(filename: string, mime: string, data: Buffer) {
  const [row] = await t.app.database.db.insert(files).values({ filename, mime, data }).returning({ id: files.id, uuid: files.uuid });
  if (!row) throw new Error('insert failed');
  return row;
}

/** The RGB of the centre pixel of an encoded image. */
async function centrePixel(image: Buffer): Promise<[number, number, number]> {
  const { data, info } = await sharp(image).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const offset = (Math.floor(info.height / 2) * info.width + Math.floor(info.width / 2)) * info.channels;
  return [data[offset] ?? -1, data[offset + 1] ?? -1, data[offset + 2] ?? -1];
}

/** A valid PNG whose header claims width × height (the pixels are a 1 × 1 image's). */
async function pngClaiming(width: number, height: number): Promise<Buffer> {
  const png = await sharp({ create: { width: 1, height: 1, channels: 3, background: '#ffffff' } }).png().toBuffer();
  // Signature (8), IHDR length (4), 'IHDR' (4), then width and height; the CRC covers type + data.
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return png;
}

describe('image style URLs', () => {
  it('names the three styles under the API base, as WebP', () => {
    const uuid = '0b6a4a9e-3c1f-4f47-9a55-2f1f1c2f8e10';
    expect(imageStyleUris('/backend', uuid)).toEqual({
      small_thumbnail: `/backend/images/styles/small_thumbnail/${uuid}.webp`,
      thumbnail: `/backend/images/styles/thumbnail/${uuid}.webp`,
      large: `/backend/images/styles/large/${uuid}.webp`,
    });
  });
});

describe('GET /images/styles/:style/:file', () => {
  it.each(IMAGE_STYLE_NAMES)('renders %s of a demo image as WebP that fills its box, with long cache headers', async (style) => {
    const [file] = await demoFiles();
    const res = await t.app.inject({ url: imageStyleUris(API, file!.uuid)[style] });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['etag']).toMatch(/^"[A-Za-z0-9_-]{32}"$/);
    expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);

    const meta = await sharp(res.rawPayload).metadata();
    const box = IMAGE_STYLES[style];
    expect(meta.format).toBe('webp');
    // The demo SVGs are square vectors: they are drawn at exactly the box size.
    expect(meta.width).toBe(box.width);
    expect(meta.height).toBe(box.height);
    // The render is cached on disk, byte for byte what was served.
    expect(readFileSync(cacheFile(style, file!.uuid)).equals(res.rawPayload)).toBe(true);
  });

  it('also answers under /en, to a logged-in customer, and to HEAD', async () => {
    const [file] = await demoFiles();
    const session = await login(t.app, 'demo');
    const en = await t.app.inject({ url: `${API}/en/images/styles/thumbnail/${file!.uuid}.webp`, headers: { cookie: session.cookie } });
    expect(en.statusCode).toBe(200);
    expect(en.headers['content-type']).toBe('image/webp');
    const head = await t.app.inject({ method: 'HEAD', url: url('thumbnail', `${file!.uuid}.webp`) });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toBe('image/webp');
    expect(head.body).toBe('');
  });

  it('accepts an upper-case uuid as the same file', async () => {
    const [file] = await demoFiles();
    const res = await t.app.inject({ url: url('small_thumbnail', `${file!.uuid.toUpperCase()}.webp`) });
    expect(res.statusCode).toBe(200);
    expect(existsSync(cacheFile('small_thumbnail', file!.uuid))).toBe(true);
  });

  it('answers 304 Not Modified when If-None-Match names the current entity tag', async () => {
    const [file] = await demoFiles();
    const first = await t.app.inject({ url: url('thumbnail', `${file!.uuid}.webp`) });
    const etag = first.headers['etag'] as string;

    for (const ifNoneMatch of [etag, `W/${etag}`, `"something-else", ${etag}`, '*']) {
      const res = await t.app.inject({ url: url('thumbnail', `${file!.uuid}.webp`), headers: { 'if-none-match': ifNoneMatch } });
      expect(res.statusCode, ifNoneMatch).toBe(304);
      expect(res.body).toBe('');
      expect(res.headers['etag']).toBe(etag);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
    const stale = await t.app.inject({ url: url('thumbnail', `${file!.uuid}.webp`), headers: { 'if-none-match': '"an-old-tag"' } });
    expect(stale.statusCode).toBe(200);
    expect(stale.rawPayload.equals(first.rawPayload)).toBe(true);
    // Each style is its own entity.
    const large = await t.app.inject({ url: url('large', `${file!.uuid}.webp`), headers: { 'if-none-match': etag } });
    expect(large.statusCode).toBe(200);
  });

  it('serves a rendered style from the disk cache, without needing the original', async () => {
    const [file] = await demoFiles();
    const first = await t.app.inject({ url: url('large', `${file!.uuid}.webp`) });
    expect(first.statusCode).toBe(200);

    // Remove the original: only the disk cache can answer now.
    await t.app.database.db.delete(files).where(eq(files.id, file!.id));
    const second = await t.app.inject({ url: url('large', `${file!.uuid}.webp`) });
    expect(second.statusCode).toBe(200);
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(second.headers['etag']).toBe(first.headers['etag']);
    // A style that was never rendered needs the original, which is gone.
    const other = await t.app.inject({ url: url('thumbnail', `${file!.uuid}.webp`) });
    expect(other.statusCode).toBe(404);
  });

  it('answers the file on disk when the cache holds it (the cache is what is served)', async () => {
    const [file] = await demoFiles();
    await t.app.inject({ url: url('small_thumbnail', `${file!.uuid}.webp`) });
    const marker = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#00ff00' } }).webp().toBuffer();
    writeFileSync(cacheFile('small_thumbnail', file!.uuid), marker);
    const res = await t.app.inject({ url: url('small_thumbnail', `${file!.uuid}.webp`) });
    expect(res.rawPayload.equals(marker)).toBe(true);
  });

  it('answers 404 for an unknown file and caches nothing', async () => {
    const uuid = '00000000-0000-4000-8000-000000000000';
    const res = await t.app.inject({ url: url('thumbnail', `${uuid}.webp`) });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 'image.not_found', message: 'Er is geen afbeelding met dit id.' });
    expect(res.headers['cache-control']).toBeUndefined();
    expect(existsSync(cacheFile('thumbnail', uuid))).toBe(false);
  });

  it.each([
    ['an unknown style', 'huge', 'style'],
    ['a style in other case', 'Thumbnail', 'style'],
    ['a Drupal style name', 'medium', 'style'],
  ])('answers 400 for %s', async (_what, style, field) => {
    const [file] = await demoFiles();
    const res = await t.app.inject({ url: url(style, `${file!.uuid}.webp`) });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.code).toBe('invalid_input');
    expect(body.errors).toEqual([{ field, message: 'moet een van small_thumbnail, thumbnail, large zijn' }]);
  });

  it.each([
    ['another format', (u: string) => `${u}.png`],
    ['no extension', (u: string) => u],
    ['a double extension', (u: string) => `${u}.webp.webp`],
    ['no uuid', () => 'picture.webp'],
    ['a truncated uuid', (u: string) => `${u.slice(0, 30)}.webp`],
    ['a NUL character', (u: string) => `${u}%00.webp`],
  ])('answers 400 for a file name with %s', async (_what, name) => {
    const [file] = await demoFiles();
    const res = await t.app.inject({ url: url('thumbnail', name(file!.uuid)) });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^Het (verzoek is niet geldig|pad van het verzoek bevat een NUL-teken)/);
  });

  it('rejects path traversal attempts without touching the file system', async () => {
    const [file] = await demoFiles();
    const attempts = [
      url('large', '..%2f..%2f..%2f..%2fetc%2fpasswd'),
      url('large', `..%2f${file!.uuid}.webp`),
      url('large', `%2e%2e%2f%2e%2e%2f${file!.uuid}.webp`),
      url('large', `..%5c..%5c${file!.uuid}.webp`),
      url('..%2f..%2f..', `${file!.uuid}.webp`),
      url('large%2f..', `${file!.uuid}.webp`),
      // Plain dots are resolved by URL parsing before routing: still inside the API, no route.
      `${API}/images/styles/large/../${file!.uuid}.webp`,
      `${API}/images/styles/large/../..%2f..%2fetc/${file!.uuid}.webp`,
      `${API}/images/styles/large/..%2f..%2f..%2fetc/passwd`,
    ];
    for (const attempt of attempts) {
      const res = await t.app.inject({ url: attempt });
      expect([400, 404], attempt).toContain(res.statusCode);
      expect(res.headers['content-type'], attempt).toMatch(/^application\/json/);
      expect(res.body, attempt).not.toMatch(/root:|at .*\.ts:\d+/);
    }
    expect(existsSync(cacheDir())).toBe(false);
  });

  it('answers concurrent first requests with identical bytes from one render, leaving no temporary files', async () => {
    const [file] = await demoFiles();
    const responses = await Promise.all(Array.from({ length: 8 }, () => t.app.inject({ url: url('large', `${file!.uuid}.webp`) })));
    for (const res of responses) {
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.equals(responses[0]!.rawPayload)).toBe(true);
      expect(res.headers['etag']).toBe(responses[0]!.headers['etag']);
    }
    expect(readdirSync(path.join(cacheDir(), 'large'))).toEqual([`${file!.uuid}.webp`]);
  });

  it('answers 422 with a clear message for an original sharp cannot read, and caches nothing', async () => {
    const png = await sharp({ create: { width: 40, height: 40, channels: 3, background: '#123456' } }).png().toBuffer();
    const originals = [
      ['garbage.jpg', 'image/jpeg', Buffer.from('this is not a picture at all')],
      ['truncated.png', 'image/png', png.subarray(0, Math.floor(png.length / 2))],
      ['broken.svg', 'image/svg+xml', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><rect width="10"')],
      // A header claiming 400 megapixels: refused before any pixel is decoded.
      ['enormous.png', 'image/png', await pngClaiming(20_000, 20_000)],
    ] as const;
    for (const [filename, mime, data] of originals) {
      const stored = await storeFile(filename, mime, data);
      const res = await t.app.inject({ url: url('thumbnail', `${stored.uuid}.webp`) });
      expect(res.statusCode, filename).toBe(422);
      expect(res.json(), filename).toEqual({
        code: 'image.unreadable',
        message: 'Het origineel van deze afbeelding kan niet worden gelezen, dus deze stijl kan niet worden gemaakt.',
      });
      expect(existsSync(cacheFile('thumbnail', stored.uuid)), filename).toBe(false);
    }
  });
});

describe('rendering originals of the ERP', () => {
  it('scales a photo to fit inside the box, keeps its aspect ratio and never enlarges it', async () => {
    const photo = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#c04020' } }).jpeg().toBuffer();
    const small = await sharp({ create: { width: 200, height: 100, channels: 4, background: { r: 0, g: 0, b: 255, alpha: 0.5 } } }).png().toBuffer();
    const big = await storeFile('photo.jpg', 'image/jpeg', photo);
    const tiny = await storeFile('tiny.png', 'image/png', small);

    const sizes = async (uuid: string) => {
      const out: Record<string, [number, number, boolean]> = {};
      for (const style of IMAGE_STYLE_NAMES) {
        const res = await t.app.inject({ url: url(style, `${uuid}.webp`) });
        expect(res.statusCode).toBe(200);
        const meta = await sharp(res.rawPayload).metadata();
        out[style] = [meta.width!, meta.height!, meta.hasAlpha];
      }
      return out;
    };
    expect(await sizes(big.uuid)).toEqual({ small_thumbnail: [100, 75, false], thumbnail: [400, 300, false], large: [900, 675, false] });
    // Transparency is kept; 200 × 100 is never blown up to the thumbnail or large box.
    expect(await sizes(tiny.uuid)).toEqual({ small_thumbnail: [100, 50, true], thumbnail: [200, 100, true], large: [200, 100, true] });
  });

  it('turns a photo upright by its EXIF orientation', async () => {
    // Stored landscape, with orientation 6 ("rotate 90° clockwise to view").
    const photo = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#808080' } })
      .withMetadata({ orientation: 6 })
      .jpeg()
      .toBuffer();
    const stored = await storeFile('rotated.jpg', 'image/jpeg', photo);
    const res = await t.app.inject({ url: url('thumbnail', `${stored.uuid}.webp`) });
    const meta = await sharp(res.rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([300, 400]);
  });

  it('draws an SVG at the box size whatever size it declares', async () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="100000" height="50000" viewBox="0 0 20 10"><rect width="20" height="10" fill="#f80"/></svg>';
    const stored = await storeFile('poster.svg', 'image/svg+xml', Buffer.from(svg));
    const res = await t.app.inject({ url: url('large', `${stored.uuid}.webp`) });
    expect(res.statusCode).toBe(200);
    const meta = await sharp(res.rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([900, 450]);
  });

  it('never loads resources an SVG points at outside itself', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'image-ref-'));
    const red = path.join(dir, 'red.png');
    writeFileSync(red, await sharp({ create: { width: 50, height: 50, channels: 3, background: '#ff0000' } }).png().toBuffer());
    for (const href of [`file://${red}`, red, 'red.png', 'http://127.0.0.1:9/red.png']) {
      const svg =
        '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="50" height="50">' +
        `<rect width="50" height="50" fill="#fff"/><image href="${href}" xlink:href="${href}" width="50" height="50"/></svg>`;
      const stored = await storeFile(`ref-${crc32(href)}.svg`, 'image/svg+xml', Buffer.from(svg));
      const res = await t.app.inject({ url: url('small_thumbnail', `${stored.uuid}.webp`) });
      expect(res.statusCode, href).toBe(200);
      const [r, g, b] = await centrePixel(res.rawPayload);
      // White, not red: the referenced file was not drawn.
      expect(Math.min(r, g, b), href).toBeGreaterThan(240);
    }
    rmSync(dir, { recursive: true, force: true });
  });
});

describe('pre-rendering at import', () => {
  it('renders all three styles of a file id, so requests are served from the cache', async () => {
    const [file] = await demoFiles();
    const rendered = await ensureImageStyles(t.app.database.db, t.app.config.dataDir, file!.id);
    for (const style of IMAGE_STYLE_NAMES) {
      expect(rendered[style].cached).toBe(false);
      expect(readFileSync(cacheFile(style, file!.uuid)).equals(rendered[style].data)).toBe(true);
    }
    // Again: everything is already there.
    const again = await ensureImageStyles(t.app.database.db, t.app.config.dataDir, file!.id);
    expect(IMAGE_STYLE_NAMES.every((style) => again[style].cached)).toBe(true);

    // The route answers them without the original.
    await t.app.database.db.delete(productImages).where(eq(productImages.fileId, file!.id));
    await t.app.database.db.delete(files).where(eq(files.id, file!.id));
    for (const style of IMAGE_STYLE_NAMES) {
      const res = await t.app.inject({ url: url(style, `${file!.uuid}.webp`) });
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.equals(rendered[style].data)).toBe(true);
    }
  });

  it('refuses an unknown file id with a 404 and an unreadable original with a 422', async () => {
    await expect(ensureImageStyles(t.app.database.db, t.app.config.dataDir, 999_999)).rejects.toMatchObject({ statusCode: 404 });
    const broken = await storeFile('broken.jpg', 'image/jpeg', Buffer.from('nope'));
    await expect(ensureImageStyles(t.app.database.db, t.app.config.dataDir, broken.id)).rejects.toMatchObject({
      statusCode: 422,
      code: 'image.unreadable',
    });
  });

  it('purges the cached styles of a file', async () => {
    const [file] = await demoFiles();
    const images = createImageService(t.app.database.db, { dataDir: t.app.config.dataDir });
    await images.ensureStyles(file!.id);
    await images.purge(file!.uuid);
    for (const style of IMAGE_STYLE_NAMES) expect(existsSync(cacheFile(style, file!.uuid))).toBe(false);
  });
});

describe('the image service', () => {
  it('shares one database read and one render between concurrent requests for the same style', async () => {
    const [file] = await demoFiles();
    const db = t.app.database.db;
    let selects = 0;
    const counting = new Proxy(db, {
      get(target, property, receiver) {
        if (property === 'select') selects += 1;
        return Reflect.get(target, property, receiver);
      },
    });
    const images = createImageService(counting, { dataDir: t.app.config.dataDir });
    const results = await Promise.all(Array.from({ length: 6 }, () => images.styled('thumbnail', file!.uuid)));
    expect(selects).toBe(1);
    expect(new Set(results.map((r) => r.etag)).size).toBe(1);
    expect(results.every((r) => r.data.equals(results[0]!.data))).toBe(true);

    const later = await images.styled('thumbnail', file!.uuid);
    expect(later.cached).toBe(true);
    expect(selects).toBe(1);
  });

  it('refuses a cache path for anything but a lower-case uuid', async () => {
    const images = createImageService(t.app.database.db, { dataDir: t.app.config.dataDir });
    await expect(images.styled('thumbnail', '../../etc/passwd')).rejects.toThrow(/not a lower-case uuid/);
  });

  it('matches entity tags as If-None-Match lists them', () => {
    expect(etagMatches(undefined, '"a"')).toBe(false);
    expect(etagMatches('"a"', '"a"')).toBe(true);
    expect(etagMatches('W/"a"', '"a"')).toBe(true);
    expect(etagMatches('"b", "a"', '"a"')).toBe(true);
    expect(etagMatches('"b"', '"a"')).toBe(false);
    expect(etagMatches('*', '"a"')).toBe(true);
  });
});
