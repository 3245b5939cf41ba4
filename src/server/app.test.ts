import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { API, login, post, useTestApp } from './test/app';

function builtWebRoot(): string {
  const root = mkdtempSync(path.join(tmpdir(), 'shop-web-'));
  mkdirSync(path.join(root, 'static/js'), { recursive: true });
  writeFileSync(path.join(root, 'index.html'), '<!doctype html><html><head><!--shop-config--></head><body><div id="root"></div></body></html>');
  writeFileSync(path.join(root, 'static/js/main.abc123.js'), 'console.log("shop")');
  // The build's compressed copies (vite.config.ts, precompress).
  const big = `console.log(${JSON.stringify('shop '.repeat(400))})`;
  writeFileSync(path.join(root, 'static/js/big.def456.js'), big);
  writeFileSync(path.join(root, 'static/js/big.def456.js.br'), brotliCompressSync(big));
  writeFileSync(path.join(root, 'static/js/big.def456.js.gz'), gzipSync(big));
  return root;
}

const t = useTestApp({ webRoot: builtWebRoot() });

describe('the server skeleton', () => {
  it('answers the health check with the database state', async () => {
    const res = await t.app.inject({ url: `${API}/health` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: 'ok' });
  });

  it('serves the SPA for client routes, with the runtime configuration as meta tags', async () => {
    for (const url of ['/', '/en/assortment', '/nl/cart/checkout', '/some/cms/path', '/user/login?x=1']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('<meta name="shop-backend" content="/backend">');
      expect(res.body).toContain('<meta name="shop-name" content="Casa Maíz">');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('serves hashed assets with a long cache and a real 404 for a missing asset', async () => {
    const asset = await t.app.inject({ url: '/static/js/main.abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    for (const url of ['/static/js/missing.123.chunk.js', '/favicon-missing.png', '/locales/xx/none.json']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(404);
      expect(res.body).not.toContain('<div id="root">');
    }
  });

  it('serves the build’s compressed copies to browsers that accept them, the file itself to others', async () => {
    const plain = await t.app.inject({ url: '/static/js/big.def456.js' });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    for (const encoding of ['br', 'gzip'] as const) {
      const res = await t.app.inject({ url: '/static/js/big.def456.js', headers: { 'accept-encoding': encoding } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers['content-type']).toBe(plain.headers['content-type']);
      expect(res.rawPayload.length).toBeLessThan(plain.rawPayload.length / 10);
    }
    // index.html comes from the server (with its meta tags), compressed on the way out.
    const page = await t.app.inject({ url: '/en/assortment', headers: { 'accept-encoding': 'br' } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-encoding']).toBeUndefined(); // under 1 kB here: sent as it is
  });

  it('answers unknown API paths with a JSON 404, also to anonymous callers', async () => {
    const res = await t.app.inject({ url: `${API}/no/such/thing` });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Er is geen API-route GET /backend/no/such/thing.');
    const en = await t.app.inject({ method: 'POST', url: `${API}/en/nothing-here`, payload: {} });
    expect(en.statusCode).toBe(404);
    expect(en.json().message).toBe('No API route POST /backend/nothing-here.');
  });

  it('sends the security headers on pages and API answers', async () => {
    for (const url of ['/', `${API}/health`]) {
      const res = await t.app.inject({ url });
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain("default-src 'self'");
      expect(csp).toMatch(/script-src 'self'(;|$)/);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(res.headers['strict-transport-security']).toBeUndefined();
    }
  });

  it('does not believe X-Forwarded-Proto unless TRUST_PROXY is set', async () => {
    const res = await t.app.inject({ url: `${API}/health`, headers: { 'x-forwarded-proto': 'https' } });
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('publishes the OpenAPI description and its docs page', async () => {
    const spec = await t.app.inject({ url: `${API}/docs/json` });
    expect(spec.statusCode).toBe(200);
    const paths = Object.keys(spec.json().paths);
    expect(paths).toEqual(expect.arrayContaining(['/backend/user/login', '/backend/jsonapi/menu_items/{menu}', '/backend/health']));
    const page = await t.app.inject({ url: `${API}/docs/` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
  });
});

describe('bad input never causes a 500', () => {
  it('answers malformed JSON with a clear 400', async () => {
    const res = await post(t.app, '/user/login?_format=json', '{"name": "demo", "pass": ', { 'content-type': 'application/json' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 'invalid_json', message: 'De inhoud van het verzoek is geen geldige JSON.' });
    const en = await post(t.app, '/en/user/login?_format=json', '{"name": "demo", "pass": ', { 'content-type': 'application/json' });
    expect(en.json()).toEqual({ code: 'invalid_json', message: 'The request body is not valid JSON.' });
  });

  it('answers a wrong content type with a clear 400', async () => {
    const res = await post(t.app, '/user/login?_format=json', 'name=demo', { 'content-type': 'text/plain' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/Inhoudstype text\/plain wordt hier niet geaccepteerd/);
  });

  it('answers an empty JSON body with a clear 400', async () => {
    const res = await post(t.app, '/user/login?_format=json', undefined, { 'content-type': 'application/json' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/leeg/);
  });

  it('names each bad field', async () => {
    const res = await t.app.inject({ method: 'POST', url: `${API}/user/login?_format=json`, payload: { name: '', pass: 5 } });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.code).toBe('invalid_input');
    expect(body.errors.map((e: { field: string }) => e.field).sort()).toEqual(['name', 'pass']);
    expect(body.errors.find((e: { field: string }) => e.field === 'name').message).toBe('Vul je gebruikersnaam in.');
    const en = await t.app.inject({ method: 'POST', url: `${API}/en/user/login?_format=json`, payload: { name: '', pass: 5 } });
    expect(en.json().errors.find((e: { field: string }) => e.field === 'name').message).toBe('Enter your username.');
  });

  it('answers JSON:API errors as JSON:API documents', async () => {
    const res = await t.app.inject({ url: `${API}/jsonapi/menu_items/NOT%20A%20MENU` });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toContain('application/vnd.api+json');
    const body = res.json();
    expect(body.errors[0]).toMatchObject({ status: '400', title: 'Bad Request' });
    expect(body.errors[0].detail).toMatch(/^menu: Een menunaam heeft/);
  });

  it('reveals no stack trace or SQL in error answers', async () => {
    const session = await login(t.app, 'demo');
    const res = await post(t.app, '/user/login?_format=json', '{"name":', { cookie: session.cookie, 'content-type': 'application/json' });
    expect(res.statusCode).toBe(400);
    expect(res.body).not.toMatch(/at .*\.(ts|js):\d+|select |insert |SyntaxError/i);
  });
});

describe('the /en language prefix', () => {
  it('serves every API path with English texts under /en and Dutch without', async () => {
    const nl = await t.app.inject({ url: `${API}/jsonapi/menu_items/webshop-footer-order` });
    const en = await t.app.inject({ url: `${API}/en/jsonapi/menu_items/webshop-footer-order` });
    expect(nl.statusCode).toBe(200);
    expect(en.statusCode).toBe(200);
    const nlTitles = nl.json().data.map((l: { attributes: { title: string } }) => l.attributes.title);
    const enTitles = en.json().data.map((l: { attributes: { title: string } }) => l.attributes.title);
    expect(nlTitles).toContain('Leveringsvoorwaarden');
    expect(enTitles).toContain('Delivery terms');
    expect((await t.app.inject({ url: `${API}/en/health` })).statusCode).toBe(200);
  });
});

describe('characters the database cannot store', () => {
  it.each([
    ['a JSON body', { method: 'POST' as const, url: `${API}/user/login?_format=json`, payload: { name: 'demo\u0000', pass: 'x' } }],
    ['a query string', { method: 'GET' as const, url: `${API}/router/translate-path?path=%2Fa%00b` }],
    ['a path parameter', { method: 'GET' as const, url: `${API}/jsonapi/menu_items/footer%00` }],
  ])('answers a NUL character in %s with a clear 400, never a 500', async (_, request) => {
    const res = await t.app.inject(request);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/bevat een NUL-teken/);
  });
});

describe('request logs', () => {
  it('never carry a password-reset hash', async () => {
    const { redactUrl } = await import('./app');
    expect(redactUrl('/nl/user/password/reset/5/1795300000/AbC-dEf_123')).toBe('/nl/user/password/reset/5/1795300000/[redacted]');
    expect(redactUrl('/backend/api/reset-password/5/1795300000/AbC-dEf_123?x=1')).toBe(
      '/backend/api/reset-password/5/1795300000/[redacted]?x=1',
    );
    expect(redactUrl('/backend/health')).toBe('/backend/health');
  });
});
