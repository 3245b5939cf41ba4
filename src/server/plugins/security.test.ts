import { describe, expect, it } from 'vitest';
import { post, sessionCookie, useTestApp } from '../test/app';

const t = useTestApp({ trustProxy: true });

describe('behind an HTTPS proxy (TRUST_PROXY=true)', () => {
  it('sends HSTS and marks the session cookie Secure', async () => {
    const res = await post(t.app, '/user/login?_format=json', { name: 'demo', pass: 'demo1234' }, { 'x-forwarded-proto': 'https' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(/; Secure/);
    expect(sessionCookie(res)).toMatch(/^shop_sid=/);
  });

  it('keeps the cookie without Secure over plain HTTP', async () => {
    const res = await post(t.app, '/user/login?_format=json', { name: 'demo', pass: 'demo1234' });
    // Logged in, so there is a session cookie whose flags say something.
    expect(res.statusCode).toBe(200);
    expect(sessionCookie(res)).toMatch(/^shop_sid=/);
    expect(String(res.headers['set-cookie'])).toMatch(/HttpOnly/);
    expect(String(res.headers['set-cookie'])).not.toMatch(/Secure/);
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });
});
