import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { beforeEach, describe, expect, it } from 'vitest';
import { API, login, useTestApp } from '../test/app';

let busy = true;
const t = useTestApp({}, { busy: () => busy });
const BROWSER = 'gzip, deflate, br, zstd';
const listUrl = (search: string) =>
  `${API}/jsonapi/index/products/?jsonapi_include=1&filter[entity_type]=commerce_product&page[offset]=0&page[limit]=15${search ? `&filter[fulltext]=${search}` : ''}`;

describe('one-off list pages while the shop is busy (decision 019)', () => {
  beforeEach(() => {
    busy = true;
  });

  it('go as gzip put together from compressed parts: the same document, a fraction of its bytes', async () => {
    const { cookie } = await login(t.app, 'demo');
    for (const search of ['tortilla', 'bonen', '']) {
      const cheap = await t.app.inject({ url: listUrl(search), headers: { cookie, 'accept-encoding': BROWSER } });
      expect(cheap.statusCode).toBe(200);
      expect(cheap.headers['content-encoding']).toBe('gzip');
      expect(cheap.headers.vary).toMatch(/accept-encoding/i);
      expect(Number(cheap.headers['content-length'])).toBe(cheap.rawPayload.length);
      const plain = await t.app.inject({ url: listUrl(search), headers: { cookie } });
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(gunzipSync(cheap.rawPayload).equals(plain.rawPayload)).toBe(true);
      expect(JSON.parse(plain.body).data.length).toBeGreaterThan(0);
      expect(cheap.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    }
  });

  it('are remembered from their second request and then compressed once at brotli quality, busy or not', async () => {
    // Without a relation nothing on a page is the caller's own: every page is shared (decision 013).
    const { cookie } = await login(t.app, 'norelation');
    const first = await t.app.inject({ url: listUrl('salsa'), headers: { cookie, 'accept-encoding': BROWSER } });
    expect(first.headers['content-encoding']).toBe('gzip');
    const second = await t.app.inject({ url: listUrl('salsa'), headers: { cookie, 'accept-encoding': BROWSER } });
    expect(second.headers['content-encoding']).toBe('br');
    expect(gunzipSync(first.rawPayload).equals(brotliDecompressSync(second.rawPayload))).toBe(true);
    expect(second.rawPayload.length).toBeLessThan(first.rawPayload.length);
  });

  it('are brotli as before when the shop is not busy, or to a client that takes no gzip', async () => {
    const { cookie } = await login(t.app, 'demo');
    busy = false;
    const quiet = await t.app.inject({ url: listUrl('chips'), headers: { cookie, 'accept-encoding': BROWSER } });
    expect(quiet.headers['content-encoding']).toBe('br');
    busy = true;
    const brOnly = await t.app.inject({ url: listUrl('bonen'), headers: { cookie, 'accept-encoding': 'br, gzip;q=0' } });
    expect(brOnly.headers['content-encoding']).toBe('br');
    const none = await t.app.inject({ url: listUrl('chipotle'), headers: { cookie, 'accept-encoding': 'identity' } });
    expect(none.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(none.body).data.length).toBeGreaterThan(0);
  });
});
