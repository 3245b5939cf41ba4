import type { BackendModule, ReadCallback } from 'i18next';

/**
 * Loads a namespace's translations from `{base}locales/{lng}/{ns}.json` with fetch. It does
 * what the shop needed of i18next-http-backend in a few lines on fetch instead of the library's script that
 * every page loaded before its first render (decision 012): a network error or a 5xx answer asks
 * i18next to retry (its `maxRetries`), any other failure is final.
 */
export function localeBackend(base: string, version: string | undefined): BackendModule {
  const query = version ? `?v=${encodeURIComponent(version)}` : '';
  return {
    type: 'backend',
    init() {},
    read(lng: string, ns: string, callback: ReadCallback) {
      const url = `${base}locales/${encodeURIComponent(lng)}/${encodeURIComponent(ns)}.json${query}`;
      fetch(url, { credentials: 'same-origin' }).then(
        async (response) => {
          if (!response.ok) {
            callback(`failed loading ${url}: ${response.status}`, response.status >= 500 || response.status === 408 || response.status === 429);
            return;
          }
          try {
            callback(null, await response.json());
          } catch (error) {
            callback(`failed parsing ${url}: ${(error as Error).message}`, false);
          }
        },
        (error: unknown) => callback(`failed loading ${url}: ${(error as Error).message}`, true),
      );
    },
  };
}
