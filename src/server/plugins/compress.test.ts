import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { API, login, useTestApp } from '../test/app';
import compressPlugin, { MIN_COMPRESS_BYTES } from './compress';

describe('the coding chosen from Accept-Encoding', () => {
  /** An app answering a JSON document large enough to be compressed. */
  async function codingFor(header: string | undefined): Promise<string | null> {
    const app = Fastify({ logger: false });
    await app.register(compressPlugin);
    app.get('/', async () => ({ text: 'taco '.repeat(MIN_COMPRESS_BYTES) }));
    const res = await app.inject({ url: '/', headers: header === undefined ? {} : { 'accept-encoding': header } });
    await app.close();
    expect(res.statusCode).toBe(200);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    return (res.headers['content-encoding'] as string | undefined) ?? null;
  }

  it.each([
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip, deflate', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['gzip;q=0.5, br;q=0.1', 'gzip'],
    ['gzip;q=0.5, br', 'br'],
    // @fastify/compress reads '*' as gzip (RFC 7230's no-preference token).
    ['*', 'gzip'],
    ['*;q=0, gzip', 'gzip'],
    ['identity', null],
    ['br;q=0, gzip;q=0', null],
    ['', null],
    [undefined, null],
    [' ; , ,;q=x', null],
  ])('%j → %j', async (header, expected) => {
    expect(await codingFor(header)).toBe(expected);
  });
});

const t = useTestApp();
const listUrl = `${API}/jsonapi/index/products/?jsonapi_include=1&include=images,variations&filter[entity_type]=commerce_product&page[offset]=0&page[limit]=15`;

describe('compressed answers', () => {
  it('sends the product list brotli- or gzip-compressed to a client that accepts it, the same document', async () => {
    const { cookie } = await login(t.app, 'demo');
    const plain = await t.app.inject({ url: listUrl, headers: { cookie } });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.rawPayload.length).toBeGreaterThan(MIN_COMPRESS_BYTES);

    const br = await t.app.inject({ url: listUrl, headers: { cookie, 'accept-encoding': 'gzip, deflate, br, zstd' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toBe(plain.headers['content-type']);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(Number(br.headers['content-length'])).toBe(br.rawPayload.length);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);

    const gzip = await t.app.inject({ url: listUrl, headers: { cookie, 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);

    const refused = await t.app.inject({ url: listUrl, headers: { cookie, 'accept-encoding': 'br;q=0, gzip;q=0' } });
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.body).toBe(plain.body);
  });

  it('leaves small answers and images alone', async () => {
    const small = await t.app.inject({ url: `${API}/health`, headers: { 'accept-encoding': 'br' } });
    expect(small.statusCode).toBe(200);
    expect(small.rawPayload.length).toBeLessThan(MIN_COMPRESS_BYTES);
    expect(small.headers['content-encoding']).toBeUndefined();
    const { cookie } = await login(t.app, 'demo');
    const list = await t.app.inject({ url: listUrl, headers: { cookie } });
    const image = (JSON.parse(list.body) as { data: Array<{ images: Array<{ image_style_uri: { thumbnail: string } }> }> }).data[0]!.images[0]!;
    const res = await t.app.inject({ url: image.image_style_uri.thumbnail, headers: { cookie, 'accept-encoding': 'br, gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['content-encoding']).toBeUndefined();
  });
});
