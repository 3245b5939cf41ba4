import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { act, screen, waitFor } from '@testing-library/react';
import { Outlet, type RouteObject } from 'react-router';
import { ToastContainer } from 'react-toastify/unstyled';
import { afterEach, beforeEach, expect, vi } from 'vitest';

import { jsonResponse, type MockCall, on } from './fetch-mock';

/**
 * What the tests of the pages that poll a payment's status (checkout, cash invoice, bulk payment)
 * share: the pages under test in both languages with the toasts, answers in turn, and the poll's
 * interval as the only faked timer.
 */

/** The given pages under /en and /nl, with the toasts as the shop shows them. */
export function withToasts(pages: (prefix: string) => RouteObject[]): () => RouteObject[] {
  return () => [
    {
      path: '/',
      element: (
        <>
          <Outlet />
          <ToastContainer position="top-right" autoClose={5000} />
        </>
      ),
      children: [...pages('en'), ...pages('nl')],
    },
  ];
}

/** Answers `method` on a URL with `fragment` with the given answers in turn (the last one repeats). */
export function answering<T>(method: string, fragment: string, answers: Array<T | Response>) {
  let next = 0;
  return on(method, fragment, () => {
    const answer = answers[Math.min(next++, answers.length - 1)] as T | Response;
    return answer instanceof Response ? answer : jsonResponse(200, answer);
  });
}

/** The recorded calls to a URL with `fragment`. */
export const callsTo = (calls: MockCall[], fragment: string) => calls.filter((call) => call.url.includes(fragment));

/** Fakes only the poll's interval in each test of the file: fetches, the router and the toasts run as they do. */
export function fakePollInterval() {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });
}

/** Lets the poll interval pass, as many times as asked. */
export async function pollAfter(intervalMs: number, times = 1) {
  for (let i = 0; i < times; i++) {
    await act(() => vi.advanceTimersByTimeAsync(intervalMs));
  }
}

/** The page asks again exactly when the interval has passed, not a millisecond before. */
export async function expectNextPollAfter(intervalMs: number, polled: () => number) {
  const before = polled();
  await act(() => vi.advanceTimersByTimeAsync(intervalMs - 1));
  expect(polled()).toBe(before);
  await act(() => vi.advanceTimersByTimeAsync(1));
  await waitFor(() => expect(polled()).toBe(before + 1));
}

/** Puts `data` in the cache under `key`, as an earlier page left it; says whether the page invalidated it. */
export function cached(queryClient: QueryClient, key: QueryKey, data: unknown) {
  queryClient.setQueryData(key, data);
  return () => queryClient.getQueryState(key)?.isInvalidated;
}

export const successToast = (text: string) => screen.findByText(text, { selector: '.Toastify__toast--success, .Toastify__toast--success *' });
export const errorToast = (text: string) => screen.findByText(text, { selector: '.Toastify__toast--error, .Toastify__toast--error *' });
