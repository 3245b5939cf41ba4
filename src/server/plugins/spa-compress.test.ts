import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/app';
import { MIN_COMPRESS_BYTES } from './compress';

/** A built web root whose index.html is as large as the real build's (a few kB). */
function webRoot(): string {
  const root = mkdtempSync(path.join(tmpdir(), 'shop-web-'));
  const links = Array.from({ length: 40 }, (_, i) => `<link rel="modulepreload" href="/static/js/chunk-${i}.abc123.js">`).join('');
  writeFileSync(path.join(root, 'index.html'), `<!doctype html><html><head><!--shop-config-->${links}</head><body><div id="root"></div></body></html>`);
  return root;
}

const t = useTestApp({ webRoot: webRoot() });

describe("the SPA's index.html", () => {
  it('goes out brotli- or gzip-compressed as the client accepts, the same page, for every client route', async () => {
    for (const url of ['/', '/en/assortment', '/nl/cart/checkout']) {
      const plain = await t.app.inject({ url });
      expect(plain.statusCode, url).toBe(200);
      expect(plain.rawPayload.length).toBeGreaterThan(MIN_COMPRESS_BYTES);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.headers.vary).toMatch(/accept-encoding/i);
      expect(plain.body).toContain('<meta name="shop-backend" content="/backend">');

      const br = await t.app.inject({ url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
      expect(br.headers['content-encoding'], url).toBe('br');
      expect(br.headers['content-type']).toBe(plain.headers['content-type']);
      expect(br.headers['cache-control']).toBe('no-cache');
      expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);

      const gzip = await t.app.inject({ url, headers: { 'accept-encoding': 'gzip' } });
      expect(gzip.headers['content-encoding'], url).toBe('gzip');
      expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);

      const refused = await t.app.inject({ url, headers: { 'accept-encoding': 'br;q=0, gzip;q=0' } });
      expect(refused.headers['content-encoding']).toBeUndefined();
      expect(refused.body).toBe(plain.body);
    }
  });
});
