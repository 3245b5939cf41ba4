import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { jsonResponse, mockFetch, on } from '../../../../test/fetch-mock';
import { logIn, renderApp } from '../../../../test/render';

const T = { timeout: 15_000 };
const JSONAPI = 'application/vnd.api+json';

function handlers(cart: () => Response) {
  return [
    on('GET', '/jsonapi/menu_items/', () => jsonResponse(200, { data: [] }, JSONAPI)),
    on('GET', '/jsonapi/index/products/', () => jsonResponse(200, { data: [], meta: { count: 0 } }, JSONAPI)),
    on('GET', '/cart?', cart),
  ];
}

describe('the cart page when the cart cannot be loaded', () => {
  it('shows the generic text of the locale, never a status text in English, for an answer without a message', async () => {
    mockFetch(...handlers(() => new Response('<html>proxy</html>', { status: 502, statusText: 'Bad Gateway', headers: { 'Content-Type': 'text/html' } })));
    logIn();
    renderApp('/nl/cart');
    expect(await screen.findByText('Er is iets misgegaan, probeer het opnieuw', {}, T)).toBeInTheDocument();
    expect(screen.queryByText('Bad Gateway')).not.toBeInTheDocument();
  });

  it("shows the server's own text of a 4xx (the server answers it in the customer's language)", async () => {
    mockFetch(...handlers(() => jsonResponse(400, { code: 'no_relation', message: 'Geen relatie gevonden' })));
    logIn();
    renderApp('/nl/cart');
    expect(await screen.findByText('Geen relatie gevonden', {}, T)).toBeInTheDocument();
  });
});
