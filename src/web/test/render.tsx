import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';

import type { CachedCurrentUser, CurrentUserRecord } from '../../shared/api/account';
import { AppProvider } from '../app/provider';
import { createRoutes } from '../app/router';
import { setApiNavigate } from '../lib/api-client';
import { detectLanguage } from '../lib/language';
import { setCachedUser } from '../lib/session';

import { createTestI18n } from './i18n';

export function createTestQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
}

/** Renders a hook with a fresh query cache (no routes, no texts): for the calls of `lib/api/` and the features' `api/`. */
export function renderQueryHook<T>(hook: () => T) {
  const queryClient = createTestQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
  return { ...renderHook(hook, { wrapper }), queryClient };
}

/** Renders the app's routes (or the given ones) at `path` with real texts and a fresh query cache. */
export function renderApp(path: string, options: { routes?: (queryClient: QueryClient) => RouteObject[] } = {}) {
  // the API client reads the language from the address bar; a memory router does not set it
  window.history.replaceState(null, '', path);
  const queryClient = createTestQueryClient();
  const i18n = createTestI18n(detectLanguage(path, ['en']));
  const router = createMemoryRouter((options.routes ?? createRoutes)(queryClient), { initialEntries: [path] });
  setApiNavigate((to) => {
    void router.navigate(to, { replace: true });
  });
  const result = render(
    <AppProvider queryClient={queryClient} i18n={i18n}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { ...result, router, queryClient, i18n };
}

export function currentUserRecord(overrides: Partial<CurrentUserRecord> = {}): CurrentUserRecord {
  return {
    type: 'user--user',
    id: 'b1d3c4e5-0000-4000-8000-000000000001',
    drupal_internal__uid: 7,
    name: 'taqueria',
    display_name: 'Taquería El Sol',
    mail: 'inkoop@elsol.example',
    roles: ['authenticated', 'customer'],
    is_masquerading: false,
    firstname: 'Rosa',
    surname_prefix: '',
    surname: 'Jansen',
    langcode: 'nl',
    active_relation: {
      type: 'relation--relation',
      id: 'a1a2a3a4-0000-4000-8000-000000000002',
      drupal_internal__id: 42,
      name: 'Taquería El Sol B.V.',
      pricelist: 'STANDAARD',
      langcode: 'nl',
    },
    ...overrides,
  };
}

/** Puts a logged-in user in the local cache, as after a login. */
export function logIn(overrides: Partial<CurrentUserRecord> = {}): CachedCurrentUser {
  const data = currentUserRecord(overrides);
  const user: CachedCurrentUser = {
    id: data.drupal_internal__uid,
    name: data.display_name,
    relation: data.active_relation?.drupal_internal__id ?? null,
    relation_uuid: data.active_relation?.id ?? null,
    data,
  };
  setCachedUser(user);
  localStorage.setItem('csrf_token', 'csrf-abc');
  return user;
}
