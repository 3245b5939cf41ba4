import { describe, expect, it } from 'vitest';
import { API, login, sessionCookie, useTestApp } from '../../test/app';

// The web app served from another origin (CORS_ORIGINS): its switch-back navigation is cross-site.
const t = useTestApp({ corsOrigins: ['https://shop.example'] });

async function masqueradeCookie(): Promise<string> {
  const staff = await login(t.app, 'staff');
  const res = await t.app.inject({
    method: 'POST',
    url: `${API}/api/staff/masquerade/1`,
    headers: { cookie: staff.cookie, 'x-csrf-token': staff.csrf },
  });
  expect(res.statusCode).toBe(200);
  return sessionCookie(res);
}

describe('switching back from a web app on a configured CORS origin', () => {
  it('accepts a cross-site navigation whose referrer is a configured origin', async () => {
    const cookie = await masqueradeCookie();
    const res = await t.app.inject({
      url: `${API}/switch-back`,
      headers: { cookie, 'sec-fetch-site': 'cross-site', referer: 'https://shop.example/nl/assortment' },
    });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toMatch(/\/nl\/staff\/customers$/);
  });

  it('still refuses other sites and cross-site navigations without a referrer', async () => {
    const cookie = await masqueradeCookie();
    for (const referer of ['https://shop.example.evil.test/', undefined]) {
      const res = await t.app.inject({
        url: `${API}/switch-back`,
        headers: { cookie, 'sec-fetch-site': 'cross-site', ...(referer ? { referer } : {}) },
      });
      expect(res.statusCode).toBe(403);
    }
  });
});
