import { ApiError } from '../../../lib/api-client';

/**
 * The text of an error toast for a failed shop call (spec section 8): network errors pass their
 * own message, anything else is the generic text. Null for a 403: the user is being logged out
 * (spec section 6), a toast would only add noise.
 */
export function failureText(error: unknown, generic: string): string | null {
  if (error instanceof ApiError && error.status === 403) return null;
  if (error instanceof ApiError && error.status === 0) return error.message;
  return generic;
}

/**
 * The server's own message when a 4xx answer carried one (e.g. a 429 of the price request, a
 * minimum quantity of the cart), else as failureText. A 5xx never shows its text.
 */
export function serverMessageOf(error: unknown, generic: string): string | null {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 403) {
    const body = error.body as { message?: unknown } | undefined;
    if (body && typeof body === 'object' && typeof body.message === 'string' && body.message) return body.message;
  }
  return failureText(error, generic);
}
