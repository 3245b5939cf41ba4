import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { API, login, useTestApp } from './test/app';

/**
 * Bad input on every route (issue 9, point 3): generated bodies, path parameters, query strings
 * and headers. No answer may be a 5xx, and every 4xx carries a message. The count of cases that
 * ran is printed.
 */

const ERP_TOKEN = 'erp-token-for-the-bad-input-suite-0123456789';
const t = useTestApp({ erpApiToken: ERP_TOKEN });

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

/** Routes from the server's own list, with every {param} to fill. */
function routes(): Array<{ method: Method; path: string }> {
  const doc = t.app.swagger() as { paths: Record<string, Record<string, unknown>> };
  return Object.entries(doc.paths)
    .flatMap(([path, ops]) => Object.keys(ops).map((m) => ({ method: m.toUpperCase() as Method, path })))
    .filter((r) => r.path.startsWith(API) && !r.path.startsWith(`${API}/docs`));
}

const hugeString = fc.string({ minLength: 5_000, maxLength: 20_000 });
const weirdString = fc.oneof(fc.string(), fc.string({ unit: 'grapheme' }), fc.constantFrom('', ' ', '../..', '%00', '\u0000', 'null', '-1', '1e309', '<script>', "' or 1=1 --", '𝒳'), hugeString);
const weirdNumber = fc.oneof(fc.integer(), fc.double(), fc.constantFrom(-1, 0, 2 ** 31, Number.MAX_SAFE_INTEGER, -0));
const jsonValue = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 300 }),
  fc.record({ quantity: fc.oneof(weirdNumber, weirdString), method: weirdString, date: weirdString, profileId: fc.oneof(weirdNumber, weirdString), terms_accepted: fc.jsonValue() }),
  fc.record({ data: fc.record({ type: weirdString, relationships: fc.jsonValue({ maxDepth: 3 }) }) }),
  fc.array(fc.record({ purchased_entity_type: weirdString, purchased_entity_id: fc.oneof(weirdNumber, weirdString), quantity: fc.oneof(weirdNumber, weirdString), combine: fc.jsonValue() }), { maxLength: 250 }),
);
/** A body as sent on the wire: JSON of a value, or text that is no JSON at all. */
const rawBody = fc.oneof(
  jsonValue.map((v) => JSON.stringify(v)),
  fc.constantFrom('{', '[1,', '{"a":}', 'null', '"', '\u0000', '{"__proto__":{"x":1}}', '{"constructor":{"prototype":{}}}'),
  weirdString,
);
const pathParam = fc.oneof(weirdString.filter((s) => s.length < 600), weirdNumber.map(String)).map((s) => encodeURIComponent(s) || 'x');
const query = fc.dictionary(fc.constantFrom('page[offset]', 'page[limit]', 'filter[fulltext]', 'filter[categories]', 'filter[favorites]', 'sort', 'path', '_format', 'search', 'page', 'include'), weirdString.filter((s) => s.length < 3000), { maxKeys: 4 });
const contentType = fc.constantFrom('application/json', 'application/vnd.api+json', 'text/plain', 'text/csv', 'application/x-ndjson', 'application/x-tar', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/json; charset=latin1');

describe('bad input on every route', () => {
  it('never answers 5xx, and every 4xx has a message', async () => {
    const session = await login(t.app, 'demo');
    const list = routes();
    let cases = 0;
    const failures: string[] = [];
    for (const route of list) {
      await fc.assert(
        fc.asyncProperty(fc.array(pathParam, { minLength: 4, maxLength: 4 }), query, rawBody, contentType, fc.boolean(), async (params, q, body, type, withSession) => {
          cases += 1;
          let i = 0;
          const path = route.path.replace(/\{[^}]+\}/g, () => params[i++ % params.length]!);
          const search = new URLSearchParams(q).toString();
          const res = await t.app.inject({
            method: route.method,
            url: search ? `${path}?${search}` : path,
            headers: {
              ...(withSession ? { cookie: session.cookie, 'x-csrf-token': session.csrf } : {}),
              // The ERP routes take their bearer token, so the bodies reach the import itself.
              ...(withSession && route.path.includes('/api/erp/') ? { authorization: `Bearer ${ERP_TOKEN}` } : {}),
              ...(route.method === 'GET' ? {} : { 'content-type': type }),
            },
            ...(route.method === 'GET' ? {} : { payload: body }),
          });
          if (res.statusCode >= 500) failures.push(`${route.method} ${route.path} → ${res.statusCode} ${res.body.slice(0, 200)} for ${search.slice(0, 200)}`);
          if (res.statusCode >= 400 && res.statusCode < 500 && res.headers['content-type']?.toString().includes('json')) {
            const message = (res.json() as { message?: unknown }).message;
            if (typeof message !== 'string' || message === '') failures.push(`${route.method} ${route.path} → ${res.statusCode} without a message`);
          }
          return true;
        }),
        { numRuns: 25, seed: 20261122 },
      );
    }
    console.warn(`bad-input cases: ${cases} over ${list.length} routes`);
    expect(failures.slice(0, 20)).toEqual([]);
  }, 300_000);
});
