import type { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';

import type { Language } from '../../../../shared/lang';
import { AppProvider } from '../../../app/provider';
import { createTestI18n } from '../../../test/i18n';
import { createTestQueryClient } from '../../../test/render';

/** Renders a piece of the catalogue at a URL, with real texts, a router and a fresh query cache. */
export function renderWithShop(ui: ReactNode, { path = '/en/assortment', lang = 'en' }: { path?: string; lang?: Language } = {}) {
  window.history.replaceState(null, '', path);
  const queryClient: QueryClient = createTestQueryClient();
  const router = createMemoryRouter([{ path: '*', element: ui }], { initialEntries: [path] });
  const result = render(
    <AppProvider queryClient={queryClient} i18n={createTestI18n(lang)}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { ...result, router, queryClient };
}
