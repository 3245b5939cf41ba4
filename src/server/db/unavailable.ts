/**
 * Whether an error means the database cannot be reached right now (its server restarting, an
 * administrator or a pooler ending our connections, a failover), as opposed to a fault in a
 * statement. Such a request answers 503 and the next one tries a new connection (decision 017).
 */

/** SQLSTATE classes and codes of a lost or refused connection. */
const UNAVAILABLE_CODES = new Set([
  '57P01', // admin_shutdown: terminating connection due to administrator command
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: the server is starting up or shutting down
  '57P05', // idle_session_timeout
  '53300', // too_many_connections
  '25P03', // idle_in_transaction_session_timeout
]);

/** Socket errors of a server that is not there (any more). */
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN']);

/** node-postgres and pg-pool say these in words only. */
const MESSAGES = [
  /^Connection terminated/,
  /^Client has encountered a connection error and is not queryable/,
  /^Client was closed and is not queryable/,
  /^timeout exceeded when trying to connect/,
  /^Connection ended unexpectedly/,
  /is not currently accepting connections/,
];

function isUnavailableItself(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === 'string') {
    if (UNAVAILABLE_CODES.has(code) || code.startsWith('08') || SOCKET_CODES.has(code)) return true;
  }
  return typeof message === 'string' && MESSAGES.some((m) => m.test(message));
}

/** Looks through `cause` (drizzle wraps the driver's error in a DrizzleQueryError) and aggregates. */
export function isDatabaseUnavailable(error: unknown): boolean {
  const seen = new Set<unknown>();
  let current: unknown = error;
  while (current && typeof current === 'object' && !seen.has(current)) {
    seen.add(current);
    if (isUnavailableItself(current)) return true;
    const errors = (current as { errors?: unknown }).errors;
    if (Array.isArray(errors) && errors.some((e) => isUnavailableItself(e))) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** Seconds after which a client may try again (the Retry-After header of the 503). */
export const RETRY_AFTER_SECONDS = 5;
