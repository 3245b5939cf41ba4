import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { jsonResponse, mockFetch, on, type MockCall } from '../../../test/fetch-mock';
import { logIn, renderApp } from '../../../test/render';

const UUID = '3f1c2d4e-5a6b-4c7d-8e9f-0a1b2c3d4e5f';
const menus = on('GET', '/jsonapi/menu_items/', () => jsonResponse(200, { data: [] }, 'application/vnd.api+json'));

/** translate-path as the server answers it; the individual URL is absolute, on another host. */
function resolution(lang: 'nl' | 'en', alias: string, label: string) {
  const prefix = lang === 'en' ? '/en' : '';
  return {
    resolved: `https://shop.example${prefix}${alias}`,
    isHomePath: false,
    entity: { canonical: `https://shop.example${prefix}${alias}`, type: 'node', bundle: 'page', id: '7', uuid: UUID, langcode: lang },
    label,
    jsonapi: {
      individual: `https://shop.example/backend${prefix}/jsonapi/node/page/${UUID}`,
      resourceName: 'node--page',
      pathPrefix: 'jsonapi',
      basePath: '/backend/jsonapi',
      entryPoint: `https://shop.example/backend${prefix}/jsonapi`,
    },
  };
}

function node(lang: 'nl' | 'en', alias: string, title: string, html: string) {
  return {
    jsonapi: { version: '1.0' },
    data: {
      type: 'node--page',
      id: UUID,
      attributes: {
        drupal_internal__nid: 7,
        langcode: lang,
        status: true,
        title,
        changed: '2024-05-01T10:00:00.000Z',
        body: { value: html, processed: html, format: 'basic_html', summary: '' },
        path: { alias, langcode: lang },
      },
      links: { self: { href: `https://shop.example/backend/jsonapi/node/page/${UUID}` } },
    },
    links: { self: { href: `https://shop.example/backend/jsonapi/node/page/${UUID}` } },
  };
}

const jsonApi = (body: unknown) => jsonResponse(200, body, 'application/vnd.api+json');

/** The first render loads the layout's and the page's lazy modules, which takes a while in jsdom. */
const firstRender = { timeout: 10_000 };

describe('content page', () => {
  it('shows the English page: title, body, document title and a breadcrumb with the title', async () => {
    const calls = mockFetch(
      menus,
      on('GET', '/router/translate-path', () => jsonResponse(200, resolution('en', '/general-terms', 'General terms and conditions'))),
      on('GET', `/jsonapi/node/page/${UUID}`, () =>
        jsonApi(node('en', '/general-terms', 'General terms and conditions', '<h2>Scope</h2><ul><li>All orders</li></ul><p><a href="/delivery-terms">Delivery terms</a> <a href="https://example.com" target="_blank" rel="noopener noreferrer">Elsewhere</a></p>')),
      ),
    );
    logIn();
    const { container } = renderApp('/en/general-terms');

    expect(await screen.findByRole('heading', { name: 'General terms and conditions', level: 1 }, firstRender)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Scope', level: 2 })).toBeInTheDocument();
    expect(container.querySelector('.content-body li')).toHaveTextContent('All orders');
    await waitFor(() => expect(document.title).toBe('General terms and conditions | Casa Maíz'));
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(crumbs).getByRole('link', { name: 'Assortment' })).toHaveAttribute('href', '/en/assortment');
    expect(within(crumbs).getByText('General terms and conditions')).toHaveAttribute('aria-current', 'page');

    const urls = calls.map((call: MockCall) => call.url);
    expect(urls).toContain('/backend/en/router/translate-path?path=%2Fgeneral-terms');
    // the absolute individual URL is called through the API client: own backend, /en, cookies
    expect(urls).toContain(`/backend/en/jsonapi/node/page/${UUID}`);
    expect(urls.some((url) => url.startsWith('https://shop.example'))).toBe(false);
  });

  it('follows a link to another shop page inside the app, in the same language', async () => {
    mockFetch(
      menus,
      on('GET', '/router/translate-path?path=%2Fabout-us', () => jsonResponse(200, resolution('en', '/about-us', 'About us'))),
      on('GET', '/router/translate-path?path=%2Fdelivery-terms', () => jsonResponse(404, { message: 'Unable to resolve path /delivery-terms.' })),
      on('GET', `/jsonapi/node/page/${UUID}`, () => jsonApi(node('en', '/about-us', 'About us', '<p>See our <a href="/delivery-terms">terms</a>.</p>'))),
    );
    logIn();
    const { router } = renderApp('/en/about-us');
    await userEvent.click(await screen.findByRole('link', { name: 'terms' }, firstRender));
    await waitFor(() => expect(router.state.location.pathname).toBe('/en/delivery-terms'));
    expect(await screen.findByRole('heading', { name: 'Oops! It seems our tacos wandered off the menu!' })).toBeInTheDocument();
  });

  it('asks for the Dutch page without a language prefix on Dutch pages', async () => {
    const calls = mockFetch(
      menus,
      on('GET', '/router/translate-path', () => jsonResponse(200, resolution('nl', '/leveringsvoorwaarden', 'Leveringsvoorwaarden'))),
      on('GET', `/jsonapi/node/page/${UUID}`, () =>
        jsonApi(node('nl', '/leveringsvoorwaarden', 'Leveringsvoorwaarden', '<p>Wij leveren op vaste dagen.</p>')),
      ),
    );
    logIn();
    renderApp('/nl/leveringsvoorwaarden');
    expect(await screen.findByRole('heading', { name: 'Leveringsvoorwaarden', level: 1 }, firstRender)).toBeInTheDocument();
    expect(screen.getByText('Wij leveren op vaste dagen.')).toBeInTheDocument();
    expect(calls.map((call) => call.url)).toEqual(
      expect.arrayContaining(['/backend/router/translate-path?path=%2Fleveringsvoorwaarden', `/backend/jsonapi/node/page/${UUID}`]),
    );
  });

  it('shows a spinner while the page loads', async () => {
    let answer: (response: Response) => void = () => {};
    vi.stubGlobal(
      'fetch',
      vi.fn((input: RequestInfo | URL) => {
        const url = String(input);
        if (url.includes('/router/translate-path')) return new Promise<Response>((resolve) => (answer = resolve));
        if (url.includes(`/jsonapi/node/page/${UUID}`)) {
          return Promise.resolve(jsonApi(node('en', '/about-us', 'About us', '<p>Since 1972.</p>')));
        }
        return Promise.resolve(jsonResponse(200, { data: [] }));
      }),
    );
    logIn();
    renderApp('/en/about-us');
    expect(await screen.findByRole('status', {}, firstRender)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 1 })).not.toBeInTheDocument();

    answer(jsonResponse(200, resolution('en', '/about-us', 'About us')));
    expect(await screen.findByRole('heading', { name: 'About us', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('Since 1972.')).toBeInTheDocument();
  });

  it('shows the not-found page when translate-path answers 404', async () => {
    const calls = mockFetch(
      menus,
      on('GET', '/router/translate-path', () => jsonResponse(404, { message: 'Unable to resolve path /no-such-page.' })),
    );
    logIn();
    renderApp('/en/no-such-page');
    expect(await screen.findByRole('heading', { name: 'Oops! It seems our tacos wandered off the menu!', level: 1 }, firstRender)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go home' })).toHaveAttribute('href', '/');
    await waitFor(() => expect(document.title).toBe('Page not found | Casa Maíz'));
    expect(calls.filter((call) => call.url.includes('/jsonapi/node/'))).toHaveLength(0);
    // "no page" is an answer, not a failure to retry
    expect(calls.filter((call) => call.url.includes('/router/translate-path'))).toHaveLength(1);
  });

  it("shows the not-found page when the path resolves to '/404'", async () => {
    mockFetch(menus, on('GET', '/router/translate-path', () => jsonResponse(200, { ...resolution('nl', '/404', 'Niet gevonden') })));
    logIn();
    renderApp('/nl/oude-pagina');
    expect(await screen.findByRole('heading', { name: /taco's van het menu/, level: 1 }, firstRender)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Naar de startpagina' })).toHaveAttribute('href', '/');
  });

  it("shows 'Something went wrong, please try again' when the page cannot be loaded", async () => {
    mockFetch(
      menus,
      on('GET', '/router/translate-path', () => jsonResponse(200, resolution('en', '/contact', 'Contact'))),
      on('GET', `/jsonapi/node/page/${UUID}`, () => jsonResponse(500, { message: 'Something went wrong on our side.' })),
    );
    logIn();
    renderApp('/en/contact');
    expect(await screen.findByRole('alert', {}, firstRender)).toHaveTextContent('Something went wrong, please try again');
    expect(screen.queryByRole('heading', { name: /tacos/ })).not.toBeInTheDocument();
  });

  it('shows the Dutch failure text when translate-path fails', async () => {
    mockFetch(menus, on('GET', '/router/translate-path', () => jsonResponse(503, { message: 'Unavailable' })));
    logIn();
    renderApp('/nl/contact');
    expect(await screen.findByRole('alert', {}, firstRender)).toHaveTextContent('Er is iets misgegaan, probeer het opnieuw');
  });
});
