import { languagePrefix, type Language } from '../../shared/lang';

import { getConfig } from './config';
import { currentUiLanguage, stripLanguage } from './language';
import { clearSession, getCsrfToken, setCsrfToken } from './session';

/**
 * The one way the web talks to the API (DESIGN.md section 4, spec sections 6 and 7): the
 * backend base from configuration, `/en` before every path for English, cookies, JSON
 * bodies, the CSRF header on unsafe methods and the 403 rule.
 */

export interface FieldError {
  field: string;
  message: string;
}

export class ApiError extends Error {
  override readonly name = 'ApiError';
  /** HTTP status; 0 when the request never got an answer (network error). */
  readonly status: number;
  readonly code: string | undefined;
  readonly errors: FieldError[];
  readonly body: unknown;

  constructor(status: number, message: string, options: { code?: string; errors?: FieldError[]; body?: unknown } = {}) {
    super(message);
    this.status = status;
    this.code = options.code;
    this.errors = options.errors ?? [];
    this.body = options.body;
  }

  /** Server messages per field, e.g. `{ current: '…' }`. */
  fieldErrors(): Record<string, string> {
    return Object.fromEntries(this.errors.map((error) => [error.field, error.message]));
  }
}

/** Files the API takes as a raw body (quick order's upload). */
export type FileContentType = 'text/csv' | 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
type QueryValue = string | number | boolean | null | undefined | readonly (string | number)[];

export interface RequestOptions {
  method?: Method;
  /** Sent as JSON; a Blob (a chosen file) is sent as it is, with `contentType`. */
  body?: unknown;
  /** Appended to the query string of the path; null and undefined values are left out. */
  query?: Record<string, QueryValue>;
  /**
   * Content type of the body; `application/vnd.api+json` for JSON:API writes, a file's own type
   * (`text/csv`, the XLSX type) for a Blob body.
   */
  contentType?: 'application/json' | 'application/vnd.api+json' | FileContentType;
  /** Language of the call; defaults to the UI language of the current page. */
  lang?: Language;
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

const UNSAFE_METHODS: ReadonlySet<Method> = new Set(['POST', 'PATCH', 'PUT', 'DELETE']);

type Navigate = (to: string) => void;
const loadPage: Navigate = (to) => window.location.assign(to);
let navigateTo: Navigate = loadPage;

/** Lets the app hand over its router, so the 403 rule navigates without a page load. */
export function setApiNavigate(navigate: Navigate | null): void {
  navigateTo = navigate ?? loadPage;
}

/** The address of an API path: base + language prefix + path (+ query). */
export function apiUrl(path: string, lang: Language, query?: RequestOptions['query']): string {
  const url = `${getConfig().backend}${languagePrefix(lang)}${path.startsWith('/') ? path : `/${path}`}`;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === null || value === undefined) continue;
    if (Array.isArray(value)) for (const item of value) params.append(key, String(item));
    else params.append(key, String(value));
  }
  const search = params.toString();
  if (!search) return url;
  return `${url}${url.includes('?') ? '&' : '?'}${search}`;
}

/**
 * Spec section 6: any 403 logs out, except on the login and password pages (paths under
 * /user/, with or without a language) and on the anonymous bulk payment page.
 */
export function isForbiddenExempt(pathname: string): boolean {
  const path = stripLanguage(pathname);
  return path.startsWith('/user/') || /^\/bulk\/payment\/[^/]+\/update\/anonymous\/?$/.test(path);
}

function handleForbidden(): void {
  if (isForbiddenExempt(window.location.pathname)) return;
  clearSession();
  navigateTo('/user/login');
}

/** Calls that start a session or need none: they must not first ask for a CSRF token. */
const SESSIONLESS = /^\/(user\/(login|password)|api\/reset-password\/|api\/mollie_return\/bulk\/)/;

/**
 * A page can hold a session cookie without a stored CSRF token (after switch-back, which
 * clears the local cache on purpose): ask the session for it, as Drupal's /session/token
 * offers, instead of sending an unsafe call that would answer 403 and log out.
 */
async function ensureCsrfToken(lang: Language): Promise<string | null> {
  const stored = getCsrfToken();
  if (stored) return stored;
  try {
    const response = await fetch(apiUrl('/session/token', lang), { credentials: 'include' });
    const token = response.ok ? (await response.text()).trim() : '';
    if (!token) return null;
    setCsrfToken(token);
    return token;
  } catch {
    return null;
  }
}

export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const method = options.method ?? 'GET';
  const lang = options.lang ?? currentUiLanguage();
  const headers: Record<string, string> = {
    Accept: 'application/json, application/vnd.api+json',
    ...options.headers,
  };
  if (options.body !== undefined) headers['Content-Type'] = options.contentType ?? 'application/json';
  if (UNSAFE_METHODS.has(method)) {
    const token = SESSIONLESS.test(path) ? getCsrfToken() : await ensureCsrfToken(lang);
    if (token) headers['X-CSRF-Token'] = token;
  }

  let response: Response;
  try {
    response = await fetch(apiUrl(path, lang, options.query), {
      method,
      headers,
      credentials: 'include',
      body: options.body === undefined ? undefined : options.body instanceof Blob ? options.body : JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, error instanceof Error ? error.message : String(error));
  }

  const body = await readBody(response);
  if (response.ok) return body as T;
  if (response.status === 403) handleForbidden();
  throw toApiError(response, body);
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  const type = response.headers.get('Content-Type') ?? '';
  if (!type.includes('json')) return text;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

interface ErrorBody {
  message?: unknown;
  code?: unknown;
  errors?: unknown;
}

/** Reads `{ message, code?, errors? }` and JSON:API `{ errors: [{ detail, source }] }`. */
function toApiError(response: Response, body: unknown): ApiError {
  const data: ErrorBody = body && typeof body === 'object' ? (body as ErrorBody) : {};
  const errors: FieldError[] = [];
  let firstDetail: string | undefined;
  if (Array.isArray(data.errors)) {
    for (const item of data.errors as Record<string, unknown>[]) {
      if (!item || typeof item !== 'object') continue;
      if (typeof item.field === 'string' && typeof item.message === 'string') {
        errors.push({ field: item.field, message: item.message });
      } else if (typeof item.detail === 'string') {
        firstDetail ??= item.detail;
        const pointer = (item.source as { pointer?: unknown } | undefined)?.pointer;
        if (typeof pointer === 'string') {
          errors.push({ field: pointer.split('/').pop() ?? pointer, message: item.detail });
        }
      }
    }
  }
  const message =
    typeof data.message === 'string' && data.message
      ? data.message
      : (firstDetail ?? (response.statusText || `Request failed with status ${response.status}`));
  return new ApiError(response.status, message, {
    code: typeof data.code === 'string' ? data.code : undefined,
    errors,
    body,
  });
}

type BodyOptions = Omit<RequestOptions, 'method' | 'body'>;

export const api = {
  get: <T>(path: string, options?: Omit<BodyOptions, 'contentType'>) => apiRequest<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, body?: unknown, options?: BodyOptions) =>
    apiRequest<T>(path, { ...options, method: 'POST', body }),
  /** A file as the raw body of a POST, with its content type. */
  upload: <T>(path: string, file: Blob, contentType: FileContentType, options?: Omit<BodyOptions, 'contentType'>) =>
    apiRequest<T>(path, { ...options, method: 'POST', body: file, contentType }),
  patch: <T>(path: string, body?: unknown, options?: BodyOptions) =>
    apiRequest<T>(path, { ...options, method: 'PATCH', body }),
  delete: <T = void>(path: string, options?: BodyOptions) => apiRequest<T>(path, { ...options, method: 'DELETE' }),
};
