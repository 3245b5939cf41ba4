import { describe, expect, it } from 'vitest';
import { login, useTestApp } from '../../test/app';
import { ERP_TOKEN, example, importCall } from './test-support';

const configured = useTestApp({ erpApiToken: ERP_TOKEN });
const unconfigured = useTestApp();

describe('ERP endpoints: the bearer token', () => {
  it('answers 401 without a token, with a wrong one or with only a customer session, and reads nothing', async () => {
    const body = example('categories.jsonl');
    const staff = await login(configured.app, 'staff');
    for (const headers of <Array<Record<string, string>>>[
      { authorization: '' },
      { authorization: `Bearer ${ERP_TOKEN}x` },
      { authorization: `Basic ${Buffer.from(`erp:${ERP_TOKEN}`).toString('base64')}` },
      { authorization: '', cookie: staff.cookie, 'x-csrf-token': staff.csrf },
    ]) {
      const res = await importCall(configured.app, 'categories', body, { headers });
      expect(res.statusCode, JSON.stringify(headers)).toBe(401);
      expect(res.headers['www-authenticate']).toBe('Bearer realm="erp"');
      expect(res.json()).toMatchObject({ code: 'invalid_token' });
    }
    const demo = await login(configured.app, 'demo');
    const orders = await configured.app.inject({ url: '/backend/api/erp/orders', headers: { cookie: demo.cookie } });
    expect(orders.statusCode).toBe(401);
    const tooBig = await configured.app.inject({
      method: 'POST',
      url: '/backend/api/erp/import/products',
      headers: { 'content-type': 'text/csv', 'content-length': String(60 * 1024 * 1024) },
      payload: 'x',
    });
    // The token is checked before the body's size or content.
    expect(tooBig.statusCode).toBe(401);
  });

  it('accepts the configured token, with a session cookie beside it or not (CSRF plays no part)', async () => {
    const demo = await login(configured.app, 'demo');
    const res = await importCall(configured.app, 'categories', example('categories.jsonl'), { query: 'dry_run=1', headers: { cookie: demo.cookie } });
    expect(res.statusCode, res.body).toBe(200);
    const orders = await configured.app.inject({ url: '/backend/api/erp/orders?limit=1', headers: { authorization: `Bearer ${ERP_TOKEN}` } });
    expect(orders.statusCode, orders.body).toBe(200);
  });

  it('answers 503 when no token is configured', async () => {
    const res = await importCall(unconfigured.app, 'categories', example('categories.jsonl'));
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ code: 'erp_not_configured' });
    const orders = await unconfigured.app.inject({ url: '/backend/api/erp/orders', headers: { authorization: `Bearer ${ERP_TOKEN}` } });
    expect(orders.statusCode).toBe(503);
  });

  it('refuses a file over the body limit with 413', async () => {
    const res = await importCall(configured.app, 'products', 'x', { headers: { 'content-length': String(60 * 1024 * 1024) } });
    expect(res.statusCode).toBe(413);
  });
});
