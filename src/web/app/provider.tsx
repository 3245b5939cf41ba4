import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { i18n as I18n } from 'i18next';
import { useEffect, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';

import { getCachedUser, subscribeSession } from '../lib/session';

/**
 * Drops every cached query when the session ends or another user takes over, so one
 * customer never sees another's cart, orders or prices from memory.
 */
function useResetQueriesOnUserChange(queryClient: QueryClient): void {
  useEffect(() => {
    let userId = getCachedUser()?.id ?? null;
    return subscribeSession(() => {
      const next = getCachedUser()?.id ?? null;
      if (next !== userId && (next === null || userId !== null)) queryClient.clear();
      userId = next;
    });
  }, [queryClient]);
}

export function AppProvider({
  queryClient,
  i18n,
  children,
}: {
  queryClient: QueryClient;
  i18n: I18n;
  children: ReactNode;
}) {
  useResetQueriesOnUserChange(queryClient);
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </I18nextProvider>
  );
}
