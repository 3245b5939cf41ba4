import { render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';

import { createTestI18n } from '../../../test/i18n';

import { NotFound } from './not-found';

function renderNotFound(lng: 'en' | 'nl') {
  const router = createMemoryRouter([{ path: '*', element: <NotFound /> }], { initialEntries: ['/en/no-such-page'] });
  render(
    <I18nextProvider i18n={createTestI18n(lng)}>
      <RouterProvider router={router} />
    </I18nextProvider>,
  );
}

describe('NotFound', () => {
  it('shows the tacos text and a Go home button to /', () => {
    renderNotFound('en');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Oops! It seems our tacos wandered off the menu!');
    expect(screen.getByRole('link', { name: 'Go home' })).toHaveAttribute('href', '/');
    expect(document.title).toBe('Page not found | Casa Maíz');
  });

  it('speaks Dutch on Dutch pages', () => {
    renderNotFound('nl');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(/taco's van het menu/);
    expect(screen.getByRole('link', { name: 'Naar de startpagina' })).toHaveAttribute('href', '/');
  });
});
