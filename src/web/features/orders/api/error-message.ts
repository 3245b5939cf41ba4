import { ApiError } from '../../../lib/api-client';

/**
 * The text of an error toast for a failed orders or invoice call (spec section 8, 'Orders and
 * password calls'): the client error's own message when it has one (a 4xx, or a network error's
 * message), otherwise the generic text. Null for a 403: the user is being logged out (section 6).
 */
export function ordersFailureText(error: unknown, generic: string): string | null {
  if (!(error instanceof ApiError)) return generic;
  if (error.status === 403) return null;
  if (error.status === 0 && error.message) return error.message;
  if (error.status >= 400 && error.status < 500 && error.message) return error.message;
  return generic;
}
