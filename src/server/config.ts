import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_CACHE_MAX_MB } from './cache-budget';

/** Environment variables are strings; an empty one counts as unset. */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), schema.optional());

const bool = (def: boolean) =>
  optional(
    z.enum(['true', 'false', '1', '0', 'yes', 'no'], { message: 'must be true or false' }),
  ).transform((v) => (v === undefined ? def : ['true', '1', 'yes'].includes(v)));

const urlWithProtocols = (protocols: string[], what: string) =>
  z.string().refine(
    (v) => {
      try {
        return protocols.includes(new URL(v).protocol);
      } catch {
        return false;
      }
    },
    { message: `must be ${what}` },
  );

/** A whole number from min to max; anything else is refused with the one message. */
const boundedInteger = (min: number, max: number, message: string) => z.coerce.number({ message }).int(message).min(min, message).max(max, message);

const wholeNumber = (min: number, max: number, unit: string) => boundedInteger(min, max, `must be a whole number of ${unit} (${min} to ${max})`);

const perMinute = wholeNumber(1, 10_000_000, 'requests per minute');

/**
 * Requests per minute that a customer never meets: a page load makes a few dozen calls, a typist's
 * suggestions come at most one per debounce, a quick order previews a list a few times before adding
 * it, and a file or an allergen overview is asked for once or twice (decision 034).
 */
export const RATE_LIMIT_DEFAULTS = { api: 3000, search: 300, quickOrder: 120, uploads: 10, foodOverview: 10 } as const;

/** The limits in requests per minute: `api` per address on every route, the others per user (else per address). */
export type RateLimits = Record<keyof typeof RATE_LIMIT_DEFAULTS, number>;

const envSchema = z.object({
  PORT: optional(boundedInteger(1, 65535, 'must be a whole number between 1 and 65535')).transform((v) => v ?? 3000),
  HOST: optional(z.string().regex(/^[A-Za-z0-9.:_-]+$/, 'must be a host name or IP address')).transform(
    (v) => v ?? '127.0.0.1',
  ),
  DATA_DIR: optional(z.string()).transform((v) => path.resolve(v ?? './data')),
  DATABASE_URL: optional(urlWithProtocols(['postgres:', 'postgresql:'], 'a postgres:// or postgresql:// URL')),
  API_BASE: optional(
    z
      .string()
      .regex(/^\/[A-Za-z0-9_-]+(\/[A-Za-z0-9_-]+)*$/, 'must be a path such as /backend (a leading slash, no trailing slash)'),
  ).transform((v) => v ?? '/backend'),
  PUBLIC_URL: optional(urlWithProtocols(['http:', 'https:'], 'an http:// or https:// URL')).transform((v) =>
    v?.replace(/\/+$/, ''),
  ),
  SHOP_NAME: optional(z.string().max(80, 'must be at most 80 characters')).transform((v) => v ?? 'Casa Maíz'),
  CONTACT_URL: optional(urlWithProtocols(['http:', 'https:'], 'an http:// or https:// URL')).transform(
    (v) => v ?? 'https://www.casamaiz.nl/contact',
  ),
  SMTP_URL: optional(urlWithProtocols(['smtp:', 'smtps:'], 'an smtp:// or smtps:// URL')),
  MAIL_FROM: optional(z.string().min(3)).transform((v) => v ?? 'Casa Maíz <webshop@casamaiz.example>'),
  SALES_EMAIL: optional(z.email({ message: 'must be an e-mail address' })).transform(
    (v) => v ?? 'verkoop@casamaiz.example',
  ),
  MOLLIE_API_KEY: optional(z.string().regex(/^(test|live)_[A-Za-z0-9]{20,}$/, 'must look like test_… or live_… (a Mollie API key)')),
  MOLLIE_API_ENDPOINT: optional(urlWithProtocols(['https:'], 'an https:// URL')),
  /** The built-in payment sandbox: the default without MOLLIE_API_KEY, refused on https unless set to true. */
  PAYMENT_SANDBOX: optional(z.enum(['true', 'false', '1', '0', 'yes', 'no'], { message: 'must be true or false' })).transform((v) =>
    v === undefined ? undefined : ['true', '1', 'yes'].includes(v),
  ),
  /** How long creating a payment at the provider may take before the payer is told it failed. */
  PAYMENT_TIMEOUT_SECONDS: optional(
    z.coerce.number({ message: 'must be a number of seconds from 1 to 120' }).int('must be a number of seconds from 1 to 120').min(1, 'must be a number of seconds from 1 to 120').max(120, 'must be a number of seconds from 1 to 120'),
  ).transform((v) => v ?? 15),
  /** The bearer token of the ERP's machine client (api/erp/...); unset: those endpoints answer 503. */
  ERP_API_TOKEN: optional(
    z
      .string()
      .min(32, 'must be at least 32 characters')
      .max(512, 'must be at most 512 characters')
      .regex(/^[\x21-\x7e]+$/, 'must be printable ASCII without spaces'),
  ),
  SESSION_SECRET: optional(z.string().min(32, 'must be at least 32 characters')),
  HASH_SALT: optional(z.string().min(32, 'must be at least 32 characters')),
  SESSION_TTL_HOURS: optional(z.coerce.number({ message: 'must be a number of hours' }).int().min(1).max(24 * 365)).transform(
    (v) => v ?? 24 * 14,
  ),
  /** Idle lifetime of a session whose 'Remember me' was not ticked (its cookie ends with the browser). */
  SESSION_BROWSER_TTL_HOURS: optional(wholeNumber(1, 24 * 365, 'hours')).transform((v) => v ?? 8),
  /** Absolute lifetime of any session, however active, counted from the login. */
  SESSION_MAX_DAYS: optional(wholeNumber(1, 3650, 'days')).transform((v) => v ?? 30),
  CORS_ORIGINS: optional(z.string())
    .transform((v) => (v ? v.split(',').map((s) => s.trim()).filter(Boolean) : []))
    .pipe(z.array(urlWithProtocols(['http:', 'https:'], 'a comma-separated list of http(s) origins'))),
  /**
   * false (default), true (every hop: only behind a proxy that overwrites X-Forwarded-For), a
   * number of hops, or a comma-separated list of proxy addresses/CIDRs to trust.
   */
  TRUST_PROXY: optional(z.string())
    .transform((v): boolean | number | string[] => {
      const value = (v ?? 'false').trim();
      if (['false', '0', 'no'].includes(value)) return false;
      if (['true', 'yes'].includes(value)) return true;
      if (/^\d+$/.test(value)) return Number(value);
      return value.split(',').map((s) => s.trim()).filter(Boolean);
    })
    .refine(
      (v) => !Array.isArray(v) || v.every((s) => /^[0-9a-fA-F.:]+(\/\d{1,3})?$/.test(s) || ['loopback', 'linklocal', 'uniquelocal'].includes(s)),
      { message: 'must be true, false, a number of proxy hops, or a comma-separated list of proxy addresses' },
    ),
  LOG_LEVEL: optional(
    z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
      message: 'must be one of fatal, error, warn, info, debug, trace, silent',
    }),
  ).transform((v) => v ?? 'info'),
  /** The bound of all in-process caches together, in MB (decision 014). */
  CACHE_MAX_MB: optional(boundedInteger(1, 65536, 'must be a whole number of MB between 1 and 65536')).transform((v) => v ?? DEFAULT_CACHE_MAX_MB),
  /** Rate limits (decision 034): requests per minute, per address on the whole API, per user (else address) on what costs. */
  RATE_LIMIT_API_PER_MINUTE: optional(perMinute).transform((v) => v ?? RATE_LIMIT_DEFAULTS.api),
  RATE_LIMIT_SEARCH_PER_MINUTE: optional(perMinute).transform((v) => v ?? RATE_LIMIT_DEFAULTS.search),
  RATE_LIMIT_QUICK_ORDER_PER_MINUTE: optional(perMinute).transform((v) => v ?? RATE_LIMIT_DEFAULTS.quickOrder),
  RATE_LIMIT_UPLOADS_PER_MINUTE: optional(perMinute).transform((v) => v ?? RATE_LIMIT_DEFAULTS.uploads),
  RATE_LIMIT_FOOD_OVERVIEW_PER_MINUTE: optional(perMinute).transform((v) => v ?? RATE_LIMIT_DEFAULTS.foodOverview),
  DEMO_DATA: bool(true),
  DEMO_SCALE: optional(z.coerce.number({ message: 'must be a positive number' }).positive('must be a positive number').max(1000)).transform(
    (v) => v ?? 1,
  ),
}).superRefine((env, ctx) => {
  // The sandbox lets anyone with a payment's address mark it paid: never by default on a public shop.
  const https = env.PUBLIC_URL?.startsWith('https:') ?? false;
  if (env.PAYMENT_SANDBOX === true && env.MOLLIE_API_KEY) {
    ctx.addIssue({ code: 'custom', path: ['PAYMENT_SANDBOX'], message: 'is true and MOLLIE_API_KEY is set: choose one payment provider' });
  } else if (env.PAYMENT_SANDBOX === false && !env.MOLLIE_API_KEY) {
    ctx.addIssue({ code: 'custom', path: ['PAYMENT_SANDBOX'], message: 'is false, so MOLLIE_API_KEY must be set' });
  } else if (https && !env.MOLLIE_API_KEY && env.PAYMENT_SANDBOX !== true) {
    ctx.addIssue({
      code: 'custom',
      path: ['MOLLIE_API_KEY'],
      message:
        'must be set when PUBLIC_URL is https: the built-in payment sandbox lets anyone mark a payment paid (set PAYMENT_SANDBOX=true to run a test shop with it)',
    });
  }
});

export type Env = z.infer<typeof envSchema>;

export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  apiBase: string;
  publicUrl: string;
  shopName: string;
  contactUrl: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  salesEmail: string;
  mollie: { apiKey: string | undefined; endpoint: string | undefined };
  /** How long creating a payment at the provider may take (ms). */
  paymentTimeoutMs: number;
  secrets: { session: string; hashSalt: string };
  /** Bearer token of the ERP exchange endpoints; undefined: not configured (503). */
  erpApiToken: string | undefined;
  /** Idle lifetime of a session (SESSION_TTL_HOURS); with 'Remember me' unticked: sessionBrowserTtlHours. */
  sessionTtlHours: number;
  sessionBrowserTtlHours: number;
  /** Absolute lifetime of every session, from the login (SESSION_MAX_DAYS). */
  sessionMaxDays: number;
  corsOrigins: string[];
  trustProxy: boolean | number | string[];
  logLevel: string;
  /** The bound of all in-process caches together, in MB. */
  cacheMaxMb: number;
  /** Requests per minute (RATE_LIMIT_*_PER_MINUTE). */
  rateLimits: RateLimits;
  demo: { load: boolean; scale: number };
  /** Where the built SPA lives (dist/web). */
  webRoot: string;
}

export class ConfigError extends Error {}

/** Names every bad variable with what is wrong, in one line. */
export function parseEnv(env: NodeJS.ProcessEnv): Env {
  const result = envSchema.safeParse(env);
  if (!result.success) {
    const parts = result.error.issues.map((issue) => {
      const name = String(issue.path[0] ?? 'environment');
      const raw = env[name];
      const shown = name.includes('SECRET') || name.includes('TOKEN') || name.includes('KEY') || name.includes('SALT') || name.includes('URL')
        ? ''
        : raw !== undefined
          ? ` (got '${raw.length > 40 ? `${raw.slice(0, 40)}…` : raw}')`
          : '';
      return `${name} ${issue.message}${shown}`;
    });
    throw new ConfigError(`Invalid configuration: ${[...new Set(parts)].join('; ')}`);
  }
  return result.data;
}

/** Builds the app configuration; secrets come from the environment or from `loadSecrets`. */
export function toAppConfig(env: Env, secrets: { session: string; hashSalt: string }): AppConfig {
  return {
    port: env.PORT,
    host: env.HOST,
    dataDir: env.DATA_DIR,
    databaseUrl: env.DATABASE_URL,
    apiBase: env.API_BASE,
    publicUrl: env.PUBLIC_URL ?? `http://localhost:${env.PORT}`,
    shopName: env.SHOP_NAME,
    contactUrl: env.CONTACT_URL,
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    salesEmail: env.SALES_EMAIL,
    mollie: { apiKey: env.MOLLIE_API_KEY, endpoint: env.MOLLIE_API_ENDPOINT },
    paymentTimeoutMs: env.PAYMENT_TIMEOUT_SECONDS * 1000,
    secrets,
    erpApiToken: env.ERP_API_TOKEN,
    sessionTtlHours: env.SESSION_TTL_HOURS,
    sessionBrowserTtlHours: env.SESSION_BROWSER_TTL_HOURS,
    sessionMaxDays: env.SESSION_MAX_DAYS,
    corsOrigins: env.CORS_ORIGINS,
    trustProxy: env.TRUST_PROXY,
    logLevel: env.LOG_LEVEL,
    cacheMaxMb: env.CACHE_MAX_MB,
    rateLimits: {
      api: env.RATE_LIMIT_API_PER_MINUTE,
      search: env.RATE_LIMIT_SEARCH_PER_MINUTE,
      quickOrder: env.RATE_LIMIT_QUICK_ORDER_PER_MINUTE,
      uploads: env.RATE_LIMIT_UPLOADS_PER_MINUTE,
      foodOverview: env.RATE_LIMIT_FOOD_OVERVIEW_PER_MINUTE,
    },
    demo: { load: env.DEMO_DATA, scale: env.DEMO_SCALE },
    webRoot: path.resolve(process.cwd(), 'dist/web'),
  };
}
