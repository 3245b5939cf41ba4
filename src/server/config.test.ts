import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, parseEnv, toAppConfig } from './config';

const secrets = { session: 's'.repeat(40), hashSalt: 'h'.repeat(40) };

describe('configuration', () => {
  it('starts on safe embedded defaults when nothing is set', () => {
    const config = toAppConfig(parseEnv({}), secrets);
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      dataDir: path.resolve('data'),
      databaseUrl: undefined,
      apiBase: '/backend',
      publicUrl: 'http://localhost:3000',
      smtpUrl: undefined,
      mollie: { apiKey: undefined },
      cacheMaxMb: 256,
      demo: { load: true, scale: 1 },
    });
  });

  it('reads the session lifetimes: idle 14 days, 8 hours without Remember me, 30 days at most', () => {
    expect(toAppConfig(parseEnv({}), secrets)).toMatchObject({ sessionTtlHours: 336, sessionBrowserTtlHours: 8, sessionMaxDays: 30 });
    const env = parseEnv({ SESSION_TTL_HOURS: '48', SESSION_BROWSER_TTL_HOURS: '10', SESSION_MAX_DAYS: '7' });
    expect(toAppConfig(env, secrets)).toMatchObject({ sessionTtlHours: 48, sessionBrowserTtlHours: 10, sessionMaxDays: 7 });
  });

  it('treats empty variables as unset', () => {
    expect(parseEnv({ PORT: '', DATABASE_URL: ' ' })).toMatchObject({ PORT: 3000, DATABASE_URL: undefined });
  });

  it('reads every variable it documents', () => {
    const env = parseEnv({
      PORT: '8080',
      HOST: '0.0.0.0',
      DATABASE_URL: 'postgres://shop@db:5432/shop',
      API_BASE: '/api/v1',
      PUBLIC_URL: 'https://shop.example.nl/',
      SHOP_NAME: 'Tienda',
      SMTP_URL: 'smtp://mail.example.nl:25',
      MOLLIE_API_KEY: 'test_abcdefghijklmnopqrstuvwxyz12',
      DEMO_DATA: 'false',
      CORS_ORIGINS: 'https://a.example, https://b.example',
      CACHE_MAX_MB: '512',
    });
    const config = toAppConfig(env, secrets);
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      databaseUrl: 'postgres://shop@db:5432/shop',
      apiBase: '/api/v1',
      publicUrl: 'https://shop.example.nl',
      shopName: 'Tienda',
      smtpUrl: 'smtp://mail.example.nl:25',
      mollie: { apiKey: 'test_abcdefghijklmnopqrstuvwxyz12' },
      demo: { load: false },
      corsOrigins: ['https://a.example', 'https://b.example'],
      cacheMaxMb: 512,
    });
  });

  it.each([
    [{ PORT: 'abc' }, /^Invalid configuration: PORT must be a whole number between 1 and 65535 \(got 'abc'\)$/],
    [{ PORT: '70000' }, /PORT must be a whole number/],
    [{ SESSION_MAX_DAYS: '0' }, /^Invalid configuration: SESSION_MAX_DAYS must be a whole number of days \(1 to 3650\) \(got '0'\)$/],
    [{ SESSION_MAX_DAYS: '7.5' }, /SESSION_MAX_DAYS must be a whole number of days/],
    [{ SESSION_BROWSER_TTL_HOURS: 'a day' }, /SESSION_BROWSER_TTL_HOURS must be a whole number of hours \(1 to 8760\)/],
    [{ API_BASE: 'backend/' }, /API_BASE must be a path such as \/backend/],
    [{ DATABASE_URL: 'mysql://x' }, /DATABASE_URL must be a postgres:\/\/ or postgresql:\/\/ URL$/],
    [{ SMTP_URL: 'http://mail' }, /SMTP_URL must be an smtp:\/\/ or smtps:\/\/ URL/],
    [{ MOLLIE_API_KEY: 'secret' }, /MOLLIE_API_KEY must look like test_/],
    [{ SESSION_SECRET: 'short' }, /SESSION_SECRET must be at least 32 characters$/],
    [{ DEMO_DATA: 'maybe' }, /DEMO_DATA must be true or false/],
    [{ PUBLIC_URL: 'localhost:3000' }, /PUBLIC_URL must be an http:\/\/ or https:\/\/ URL/],
    [{ PUBLIC_URL: 'https://shop.example.nl' }, /^Invalid configuration: MOLLIE_API_KEY must be set when PUBLIC_URL is https: the built-in payment sandbox lets anyone mark a payment paid \(set PAYMENT_SANDBOX=true to run a test shop with it\)$/],
    [{ PAYMENT_SANDBOX: 'true', MOLLIE_API_KEY: 'test_abcdefghijklmnopqrstuvwxyz12' }, /PAYMENT_SANDBOX is true and MOLLIE_API_KEY is set: choose one payment provider/],
    [{ PAYMENT_SANDBOX: 'false' }, /PAYMENT_SANDBOX is false, so MOLLIE_API_KEY must be set/],
    [{ PAYMENT_TIMEOUT_SECONDS: '0' }, /PAYMENT_TIMEOUT_SECONDS must be a number of seconds from 1 to 120/],
    [{ CACHE_MAX_MB: '0' }, /^Invalid configuration: CACHE_MAX_MB must be a whole number of MB between 1 and 65536 \(got '0'\)$/],
    [{ CACHE_MAX_MB: '1.5' }, /CACHE_MAX_MB must be a whole number of MB/],
    [{ CACHE_MAX_MB: 'lots' }, /CACHE_MAX_MB must be a whole number of MB/],
    [{ RATE_LIMIT_SEARCH_PER_MINUTE: '0' }, /^Invalid configuration: RATE_LIMIT_SEARCH_PER_MINUTE must be a whole number of requests per minute \(1 to 10000000\) \(got '0'\)$/],
    [{ RATE_LIMIT_UPLOADS_PER_MINUTE: 'many' }, /RATE_LIMIT_UPLOADS_PER_MINUTE must be a whole number of requests per minute/],
  ])('names the variable and the problem for %o', (env, message) => {
    expect(() => parseEnv(env)).toThrow(ConfigError);
    expect(() => parseEnv(env)).toThrow(message);
  });

  it('limits requests per minute: generous per address on the API, tighter per user on what costs, each one settable', () => {
    expect(toAppConfig(parseEnv({}), secrets).rateLimits).toEqual({ api: 3000, search: 300, quickOrder: 120, uploads: 10, foodOverview: 10 });
    const env = parseEnv({
      RATE_LIMIT_API_PER_MINUTE: '100000',
      RATE_LIMIT_SEARCH_PER_MINUTE: '5000',
      RATE_LIMIT_QUICK_ORDER_PER_MINUTE: '600',
      RATE_LIMIT_UPLOADS_PER_MINUTE: '30',
      RATE_LIMIT_FOOD_OVERVIEW_PER_MINUTE: '20',
    });
    expect(toAppConfig(env, secrets).rateLimits).toEqual({ api: 100000, search: 5000, quickOrder: 600, uploads: 30, foodOverview: 20 });
  });

  it('runs the payment sandbox on http by default, and on https only when asked for', () => {
    expect(parseEnv({}).PAYMENT_SANDBOX).toBeUndefined();
    expect(parseEnv({ PUBLIC_URL: 'http://192.168.1.5:3000' }).MOLLIE_API_KEY).toBeUndefined();
    expect(parseEnv({ PUBLIC_URL: 'https://test.shop.example.nl', PAYMENT_SANDBOX: 'true' }).PAYMENT_SANDBOX).toBe(true);
    expect(parseEnv({ PUBLIC_URL: 'https://shop.example.nl', MOLLIE_API_KEY: 'live_abcdefghijklmnopqrstuvwxyz12' }).MOLLIE_API_KEY).toMatch(/^live_/);
    expect(toAppConfig(parseEnv({ PAYMENT_TIMEOUT_SECONDS: '20' }), secrets).paymentTimeoutMs).toBe(20_000);
  });

  it('never echoes secrets or URLs that may hold passwords', () => {
    let refused: unknown;
    try {
      parseEnv({ DATABASE_URL: 'mysql://user:hunter2@x' });
    } catch (error) {
      refused = error;
    }
    // Outside the catch: an assertion that the call threw must not be caught as its error.
    expect(refused).toBeInstanceOf(Error);
    expect((refused as Error).message).toMatch(/DATABASE_URL/);
    expect((refused as Error).message).not.toContain('hunter2');
    expect((refused as Error).message.split('\n')).toHaveLength(1);
  });
});

describe('TRUST_PROXY', () => {
  it.each([
    [undefined, false],
    ['false', false],
    ['true', true],
    ['1', 1],
    ['10.0.0.1, 10.0.0.0/8', ['10.0.0.1', '10.0.0.0/8']],
    ['loopback', ['loopback']],
  ])('reads %s', (value, expected) => {
    expect(parseEnv(value === undefined ? {} : { TRUST_PROXY: value }).TRUST_PROXY).toEqual(expected);
  });

  it('refuses what is not a proxy setting', () => {
    expect(() => parseEnv({ TRUST_PROXY: 'everyone' })).toThrow(/TRUST_PROXY must be true, false, a number of proxy hops/);
  });
});
