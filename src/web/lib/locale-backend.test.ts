import { afterEach, describe, expect, it, vi } from 'vitest';

import { jsonResponse } from '../test/fetch-mock';

import { localeBackend } from './locale-backend';

function read(answer: () => Promise<Response>) {
  const fetchMock = vi.fn((_url: string) => answer());
  vi.stubGlobal('fetch', fetchMock);
  const backend = localeBackend('/', 'abc123');
  return new Promise<{ error: unknown; data: unknown; url: string }>((resolve) => {
    backend.read('nl', 'catalog', (error, data) => resolve({ error, data, url: String(fetchMock.mock.calls[0]?.[0]) }));
  });
}

afterEach(() => vi.unstubAllGlobals());

describe('localeBackend', () => {
  it("fetches /locales/{lng}/{ns}.json with the build's version and hands over the texts", async () => {
    const { error, data, url } = await read(async () => jsonResponse(200, { title: 'Assortiment' }));
    expect(url).toBe('/locales/nl/catalog.json?v=abc123');
    expect(error).toBeNull();
    expect(data).toEqual({ title: 'Assortiment' });
  });

  it('asks i18next to retry after a network error or a server error, not after a 404 or bad JSON', async () => {
    expect((await read(() => Promise.reject(new TypeError('Failed to fetch')))).data).toBe(true);
    expect((await read(async () => jsonResponse(503, { message: 'busy' }))).data).toBe(true);
    const missing = await read(async () => jsonResponse(404));
    expect(missing.error).toMatch(/404/);
    expect(missing.data).toBe(false);
    const broken = await read(async () => new Response('{not json', { status: 200 }));
    expect(broken.error).toMatch(/parsing/);
    expect(broken.data).toBe(false);
  });
});
