import { ApiError } from '../api-client';

/**
 * How a feature's calls read when they fail. The rules every call shares (spec sections 6 and 8):
 * a 403 shows nothing (the user is being logged out), a 429 its own message (when to try again),
 * a 5xx or anything that is not an answer of the API shows the generic text. Where the calls differ, the difference is an option:
 */
export interface FailureTextRules {
  /**
   * What a 4xx (other than 403) shows:
   * - 'message' (default): its own message, as the client reads it (the body's `message`, else a
   *   JSON:API `detail`, else the status text). The cart, the orders and invoices ('client error
   *   message when available', spec section 8) and the checkout's choices, whose 4xx explain
   *   themselves (a minimum quantity, a date no longer allowed).
   * - 'body': only a `message` the body itself carried, else the generic text. The catalogue's
   *   add to cart and price request (a 429's message, a minimum quantity).
   * - 'none': always the generic text (favourites).
   */
  clientMessage?: 'message' | 'body' | 'none';
  /**
   * A text of the form's own that a 4xx (other than a 429) shows instead of any message: the
   * login's 'Unrecognized username or password.', the change of password's 'Not all values were
   * correct.' (spec section 8).
   */
  clientText?: string;
  /**
   * A 403 logs out and shows nothing (default; spec section 6). False on the /user/ pages, where a
   * 403 does not log out: there it is a 4xx like any other.
   */
  forbiddenLogsOut?: boolean;
  /**
   * A network error (no answer, status 0) passes its own message (default; spec section 8:
   * 'network errors pass their own message'). False for the checkout calls, which say 'Something
   * went wrong' for every failure (spec section 8, 'Checkout calls').
   */
  networkMessage?: boolean;
  /** Codes of a 4xx whose message is not shown, e.g. 'not_found' for an API route that does not exist (yet). */
  hiddenCodes?: readonly string[];
}

function bodyMessage(error: ApiError): string {
  const body = error.body as { message?: unknown } | undefined;
  return body && typeof body === 'object' && typeof body.message === 'string' ? body.message : '';
}

/**
 * The text of an error toast or alert for a failed call, `generic` unless the rules let the
 * error's own text through; null for a 403.
 */
export function failureText(error: unknown, generic: string, rules: FailureTextRules = {}): string | null {
  const { clientMessage = 'message', clientText, networkMessage = true, hiddenCodes = [], forbiddenLogsOut = true } = rules;
  if (!(error instanceof ApiError)) return generic;
  if (error.status === 403 && forbiddenLogsOut) return null;
  if (error.status === 0) return networkMessage && error.message ? error.message : generic;
  // A rate limit's 429 says when to try again (decision 034): its message is shown under every rule.
  if (error.status === 429) {
    const said = bodyMessage(error) || error.message;
    if (said) return said;
  }
  if (error.status >= 400 && error.status < 500 && !(error.code !== undefined && hiddenCodes.includes(error.code))) {
    if (clientText !== undefined) return clientText;
    const own = clientMessage === 'message' ? error.message : clientMessage === 'body' ? bodyMessage(error) : '';
    if (own) return own;
  }
  return generic;
}
