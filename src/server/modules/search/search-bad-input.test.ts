import { describe, expect, it } from 'vitest';
import { productListResponse } from '../../../shared/api/catalog';
import { login, useTestApp } from '../../test/app';
import { getJson, indexUrl } from '../catalog/test-support';

/**
 * Bad input in the search box (issue 20, notes): a clear answer, never a 5xx. Too long: 400 with
 * the message in the caller's language; no letters or digits (symbols, emoji): nothing found;
 * operators of SQL or tsquery: plain words.
 */
const t = useTestApp();

/** Searches as `user` (logged in once per test). */
async function searcher(user: string, prefix = '') {
  const { cookie } = await login(t.app, user);
  return (text: string) => getJson(t.app, indexUrl({ 'filter[fulltext]': text, 'page[limit]': 100 }, { prefix }), cookie);
}

const count = (res: { json: () => unknown }) => productListResponse.parse(res.json()).meta.count;

describe('bad input in the search', () => {
  it('answers a 10,000-character search with 400 and a message in Dutch or English', async () => {
    const long = 'tortilla '.repeat(1200).slice(0, 10_000);
    const nl = await (await searcher('demo'))(long);
    expect(nl.statusCode).toBe(400);
    expect(nl.json().errors[0].detail).toBe('filter[fulltext]: Een zoekopdracht heeft maximaal 200 tekens.');
    const en = await (await searcher('demo-en', '/en'))(long);
    expect(en.statusCode).toBe(400);
    expect(en.json().errors[0].detail).toBe('filter[fulltext]: A search has at most 200 characters.');
  });

  it('finds nothing for a search of only symbols or emoji, and everything for an empty one', async () => {
    const searchAs = await searcher('demo');
    expect(count(await searchAs(''))).toBeGreaterThan(0);
    expect(count(await searchAs('   '))).toBe(count(await searchAs('')));
    for (const text of ['?!*%$#@', '🌮🌶️🥑', '\u200b\u200f', '—–…', '\u0301\u0308']) {
      const res = await searchAs(text);
      expect(res.statusCode, text).toBe(200);
      expect(count(res), text).toBe(0);
    }
  });

  it('reads emoji and symbols around words as separators', async () => {
    const searchAs = await searcher('demo');
    const taco = count(await searchAs('taco'));
    expect(taco).toBeGreaterThan(0);
    expect(count(await searchAs('🌮taco🌮'))).toBe(taco);
    expect(count(await searchAs('"taco"!!'))).toBe(taco);
  });

  it('takes SQL and tsquery operators as plain text, and never answers 5xx to odd input', async () => {
    const searchAs = await searcher('demo');
    const tort = count(await searchAs('tort'));
    for (const text of ['tort & | ! ( ) :* <->', 'tort:*', "tort' or '1'='1", '(tort']) {
      const res = await searchAs(text);
      expect(res.statusCode, text).toBe(200);
      // The words besides 'tort' are one letter: 'or', '1'... narrow the search, never widen it.
      expect(count(res), text).toBeLessThanOrEqual(tort);
    }
    const odd = ["'; drop table products; --", '%', '_', '\\', '\\x00', '$1', '\ud800', 'a'.repeat(200), 'ÿ'.repeat(200), '٣٤٥ مرحبا', 'x '.repeat(100)];
    for (const text of odd) {
      const res = await searchAs(text);
      expect(res.statusCode, text).toBe(200);
    }
    expect(count(await searchAs("'; drop table products; --"))).toBe(0);
    expect(count(await searchAs('tort'))).toBe(tort);
  });
});
