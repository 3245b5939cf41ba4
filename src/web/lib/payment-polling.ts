import { ApiError } from './api-client';

/** A 4xx (an unknown or malformed payment) will not change by asking again; a network error or 5xx may. */
export function isClientError(error: unknown): boolean {
  return error instanceof ApiError && error.status >= 400 && error.status < 500;
}

/**
 * How a payment status page asks the server (spec section 4): every `intervalMs` until the
 * answer is no longer waiting or an error counts as final (`isFinal`); the polling stops with the
 * page (the query has no observer then). Never kept after the page closes: an old final answer
 * must not send a later visit on at once.
 */
export function paymentPolling<T extends { waiting: boolean }>(intervalMs: number, isFinal: (error: unknown) => boolean) {
  return {
    staleTime: 0,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
    refetchIntervalInBackground: true,
    refetchInterval: (query: { state: { data?: T; status: string; error: unknown } }) =>
      query.state.data?.waiting === false || (query.state.status === 'error' && isFinal(query.state.error)) ? false : intervalMs,
  } as const;
}
