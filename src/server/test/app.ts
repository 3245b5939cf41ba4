import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import type { MailMessage, Mailer } from '../adapters/mail/mailer';
import { type AppDeps, buildApp } from '../app';
import { type AppConfig, parseEnv, toAppConfig } from '../config';
import { testDatabase } from './database';
import { smtpStandIn } from './smtp-stand-in';

export const API = '/backend';
export const DEMO_PASSWORD = 'demo1234';

/** A mailer that keeps what it was asked to send, so tests can read the mails. */
export function memoryMailer(): Mailer & { sent: MailMessage[] } {
  const sent: MailMessage[] = [];
  return {
    kind: 'outbox',
    sent,
    async send(message) {
      sent.push(message);
    },
  };
}

export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-test-'));
  const env = parseEnv({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
  return {
    ...toAppConfig(env, { session: 'test-session-secret-'.padEnd(40, 'x'), hashSalt: 'test-hash-salt-'.padEnd(40, 'y') }),
    ...overrides,
  };
}

/**
 * The app on the worker's test database, reset to the demo data before every test of the
 * calling file. Call it at the top level of a test file. `deps.now` gives the app a clock that
 * the test can move (flood control, reset links).
 */
export function useTestApp(overrides: Partial<AppConfig> = {}, deps: Pick<AppDeps, 'now' | 'paymentProvider'> = {}) {
  const ctx = {} as { app: FastifyInstance; mailer: ReturnType<typeof memoryMailer> };
  beforeEach(async () => {
    const database = await testDatabase();
    await database.reset();
    // The reset bumps the catalogue version: the next test's searches start from its index, not the last test's.
    if (ctx.app) await ctx.app.searchEngine.refresh();
    if (!ctx.app) {
      ctx.mailer = memoryMailer();
      ctx.app = await buildApp(testConfig(overrides), { database, mailer: ctx.mailer, logger: false, jobs: false, ...deps });
      await ctx.app.ready();
    }
    ctx.mailer.sent.length = 0;
  });
  return ctx;
}

/**
 * The app mailing through SMTP to a stand-in mail server (no mailer given: the app builds its own
 * from SMTP_URL, as in production). Before every test of the calling file the database is reset to
 * the demo data and the mails received so far are forgotten.
 */
export function useSmtpTestApp(overrides: Partial<AppConfig> = {}, deps: Pick<AppDeps, 'now' | 'jobs'> = {}) {
  const ctx = {} as { app: FastifyInstance; smtp: Awaited<ReturnType<typeof smtpStandIn>> };
  beforeAll(async () => {
    ctx.smtp = await smtpStandIn();
    ctx.app = await buildApp(testConfig({ smtpUrl: ctx.smtp.url, ...overrides }), { database: await testDatabase(), logger: false, ...deps });
    await ctx.app.ready();
  });
  afterAll(async () => {
    await ctx.app?.close();
    await ctx.smtp?.stop();
  });
  beforeEach(async () => {
    await (await testDatabase()).reset();
    await ctx.app.searchEngine.refresh();
    ctx.smtp.received.length = 0;
  });
  return ctx;
}

/** A POST to the API as a test writes it: a string body goes as it is, whatever its headers say. */
export function post(app: FastifyInstance, path: string, payload?: string | object, headers: Record<string, string> = {}) {
  return app.inject({ method: 'POST', url: `${API}${path}`, headers, ...(payload === undefined ? {} : { payload }) });
}

export interface Session {
  cookie: string;
  csrf: string;
}

export function sessionCookie(response: LightMyRequestResponse): string {
  const raw = response.headers['set-cookie'];
  const first = Array.isArray(raw) ? raw[0] : raw;
  if (!first) throw new Error('no session cookie was set');
  return first.split(';')[0] ?? '';
}

export async function login(app: FastifyInstance, name: string, pass = DEMO_PASSWORD): Promise<Session> {
  const response = await app.inject({
    method: 'POST',
    url: `${API}/user/login?_format=json`,
    payload: { name, pass },
  });
  if (response.statusCode !== 200) throw new Error(`login ${name} failed: ${response.statusCode} ${response.body}`);
  return { cookie: sessionCookie(response), csrf: response.json<{ csrf_token: string }>().csrf_token };
}
