import { describe, expect, it, vi } from 'vitest';

import { jsonResponse, mockFetch } from '../test/fetch-mock';

import { api, ApiError, apiUrl, isForbiddenExempt, setApiNavigate } from './api-client';
import { getCachedUser, setCachedUser } from './session';

function addMeta(name: string, content: string) {
  const meta = document.createElement('meta');
  meta.name = name;
  meta.content = content;
  document.head.append(meta);
}

function storeSession() {
  setCachedUser({ id: 7, name: 'Taquería El Sol', relation: 42, relation_uuid: 'r-1', data: {} as never });
  localStorage.setItem('csrf_token', 'csrf-abc');
}

describe('api client', () => {
  it('uses the configured base and adds /en only for English pages', async () => {
    addMeta('shop-backend', 'https://api.casamaiz.test/backend/');
    const calls = mockFetch(() => jsonResponse(200, { ok: true }));

    window.history.replaceState(null, '', '/en/cart');
    await api.get('/cart', { query: { _format: 'json' } });
    window.history.replaceState(null, '', '/nl/cart');
    await api.get('/cart', { query: { _format: 'json' } });

    expect(calls.map((call) => call.url)).toEqual([
      'https://api.casamaiz.test/backend/en/cart?_format=json',
      'https://api.casamaiz.test/backend/cart?_format=json',
    ]);
  });

  it('defaults to /backend and takes an explicit language over the page language', () => {
    window.history.replaceState(null, '', '/nl/assortment');
    expect(apiUrl('/jsonapi/current-user?jsonapi_include=1', 'en', { include: 'active_relation' })).toBe(
      '/backend/en/jsonapi/current-user?jsonapi_include=1&include=active_relation',
    );
    expect(apiUrl('/jsonapi/menu_items/webshop-footer-order', 'nl')).toBe('/backend/jsonapi/menu_items/webshop-footer-order');
  });

  it('asks the session for a CSRF token before an unsafe call when none is stored', async () => {
    localStorage.removeItem('csrf_token');
    window.history.replaceState(null, '', '/nl/account/customers');
    const calls = mockFetch(
      (call) => (call.url.endsWith('/session/token') ? new Response('token-from-session', { status: 200 }) : undefined),
      () => jsonResponse(200, {}),
    );

    await api.post('/api/staff/masquerade/1');
    await api.post('/api/staff/masquerade/2');

    expect(calls.map((call) => [call.method, call.url, call.headers['X-CSRF-Token']])).toEqual([
      ['GET', '/backend/session/token', undefined],
      ['POST', '/backend/api/staff/masquerade/1', 'token-from-session'],
      ['POST', '/backend/api/staff/masquerade/2', 'token-from-session'],
    ]);
    expect(localStorage.getItem('csrf_token')).toBe('token-from-session');
  });

  it('does not ask for a CSRF token before login or password calls', async () => {
    localStorage.removeItem('csrf_token');
    window.history.replaceState(null, '', '/en/user/login');
    const calls = mockFetch(() => jsonResponse(200, {}));

    await api.post('/user/login', { name: 'demo', pass: 'x' }, { query: { _format: 'json' } });
    await api.post('/user/password', { name: 'demo' }, { query: { _format: 'json' } });

    expect(calls.map((call) => call.url)).toEqual(['/backend/en/user/login?_format=json', '/backend/en/user/password?_format=json']);
    expect(calls.every((call) => call.headers['X-CSRF-Token'] === undefined)).toBe(true);
  });

  it('sends cookies and JSON, and the CSRF token on unsafe methods only', async () => {
    localStorage.setItem('csrf_token', 'csrf-abc');
    const calls = mockFetch(() => jsonResponse(200, {}));

    await api.get('/cart');
    await api.post('/cart/add', [{ quantity: 1 }]);
    await api.patch('/cart/5/items', { 7: { quantity: 2 } });
    await api.delete('/cart/5/items/7');
    await api.post('/jsonapi/favorite_product/favorite_product', { data: {} }, { contentType: 'application/vnd.api+json' });

    const fetchMock = vi.mocked(fetch);
    expect(fetchMock.mock.calls.every(([, init]) => init?.credentials === 'include')).toBe(true);
    expect(calls.map((call) => [call.method, call.headers['X-CSRF-Token']])).toEqual([
      ['GET', undefined],
      ['POST', 'csrf-abc'],
      ['PATCH', 'csrf-abc'],
      ['DELETE', 'csrf-abc'],
      ['POST', 'csrf-abc'],
    ]);
    expect(calls[1]?.headers['Content-Type']).toBe('application/json');
    expect(calls[1]?.body).toEqual([{ quantity: 1 }]);
    expect(calls[4]?.headers['Content-Type']).toBe('application/vnd.api+json');
  });

  it('sends a file as the raw body with its own content type and the CSRF token', async () => {
    storeSession();
    const calls = mockFetch(() => jsonResponse(200, { lines: [] }));
    window.history.replaceState(null, '', '/en/quick-order');
    const file = new Blob(['artikel;aantal\n100120;3\n'], { type: 'text/csv' });
    await api.upload('/quick-order/upload', file, 'text/csv');
    expect(calls).toHaveLength(1);
    expect(calls[0]?.url).toBe('/backend/en/quick-order/upload');
    expect(calls[0]?.method).toBe('POST');
    expect(calls[0]?.headers['Content-Type']).toBe('text/csv');
    expect(calls[0]?.headers['X-CSRF-Token']).toBe('csrf-abc');
    expect(calls[0]?.body).toBe(file);
  });

  it('turns an error answer into an ApiError with status, message and field errors', async () => {
    mockFetch(() =>
      jsonResponse(400, {
        message: 'Not all values were correct.',
        code: 'account.invalid_password',
        errors: [{ field: 'current', message: 'Wrong password.' }],
      }),
    );
    const error = await api.post('/api/account/change-password', {}).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, message: 'Not all values were correct.', code: 'account.invalid_password' });
    expect((error as ApiError).fieldErrors()).toEqual({ current: 'Wrong password.' });
  });

  it('passes a network error on with its own message', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    await expect(api.get('/cart')).rejects.toMatchObject({ status: 0, message: 'Failed to fetch' });
  });

  it('answers undefined for 204', async () => {
    mockFetch(() => jsonResponse(204));
    await expect(api.get('/user/cb-logout')).resolves.toBeUndefined();
  });

  describe('the 403 rule', () => {
    it('clears the session and goes to /user/login on a shop page', async () => {
      storeSession();
      const navigate = vi.fn();
      setApiNavigate(navigate);
      window.history.replaceState(null, '', '/en/cart');
      mockFetch(() => jsonResponse(403, { message: 'Forbidden' }));

      await expect(api.get('/cart')).rejects.toMatchObject({ status: 403 });

      expect(navigate).toHaveBeenCalledWith('/user/login');
      expect(getCachedUser()).toBeNull();
      expect(localStorage.getItem('csrf_token')).toBeNull();
    });

    it.each(['/user/login', '/en/user/password', '/nl/user/password/reset/7/1700000000/abc', '/en/bulk/payment/p-1/update/anonymous', '/bulk/payment/p-1/update/anonymous'])(
      'leaves the session alone on %s',
      async (path) => {
        storeSession();
        const navigate = vi.fn();
        setApiNavigate(navigate);
        window.history.replaceState(null, '', path);
        mockFetch(() => jsonResponse(403, { message: 'Forbidden' }));

        await expect(api.get('/jsonapi/current-user')).rejects.toMatchObject({ status: 403 });

        expect(navigate).not.toHaveBeenCalled();
        expect(getCachedUser()).not.toBeNull();
        expect(localStorage.getItem('csrf_token')).toBe('csrf-abc');
      },
    );

    it('knows which paths are exempt', () => {
      expect(isForbiddenExempt('/user/login')).toBe(true);
      expect(isForbiddenExempt('/nl/user/password')).toBe(true);
      expect(isForbiddenExempt('/en/bulk/payment/abc/update/anonymous')).toBe(true);
      expect(isForbiddenExempt('/en/bulk/payment/abc/update')).toBe(false);
      expect(isForbiddenExempt('/')).toBe(false);
      expect(isForbiddenExempt('/en/account')).toBe(false);
      expect(isForbiddenExempt('/users/x')).toBe(false);
    });
  });
});
