import { ApiError } from '../../../lib/api-client';

/**
 * The text of an error toast for a failed cart call: a 4xx of the cart explains itself (a
 * minimum quantity, a product no longer sold), so its message is shown; network errors pass
 * their own message; anything else is the generic text. Null for a 403 (the user is being
 * logged out, spec section 6).
 */
export function cartFailureText(error: unknown, generic: string): string | null {
  if (!(error instanceof ApiError)) return generic;
  if (error.status === 403) return null;
  if (error.status === 0) return error.message;
  if (error.status >= 400 && error.status < 500 && error.message) return error.message;
  return generic;
}
