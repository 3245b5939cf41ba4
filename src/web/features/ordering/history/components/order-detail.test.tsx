import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { jsonResponse, mockFetch, on } from '../../../../test/fetch-mock';
import { addedOf, okLine, problemLine, quickProduct } from '../../../../test/quick-order-fixtures';
import { logIn, renderApp } from '../../../../test/render';
import { paymentPage } from '../../../../lib/payment-page';
import { orderResource, uuidOf } from '../../../../test/shop-data';
import { OF_ORDERS, orderCall, ordersPageCalls, T } from '../test/fixtures';

const orderCalls = (calls: { url: string }[]) => calls.filter((call) => call.url.includes('/jsonapi/commerce_order/default/'));
const listCalls = (calls: { url: string }[]) => calls.filter((call) => call.url.includes('/jsonapi/commerce_order/default?'));

describe('the order detail page', () => {
  it('opens from My orders with the uuid the link hands over, and shows lines, totals, delivery, methods, state and invoice (en)', async () => {
    const order = orderResource(100);
    const calls = mockFetch(...ordersPageCalls(), orderCall(order));
    logIn();
    const user = userEvent.setup();
    const { router } = renderApp('/en/account/orders');
    const link = await screen.findByRole('link', { name: 'Details of order W0000100' }, T);
    const listed = new Set(listCalls(calls).map((call) => call.url));
    await user.click(link);
    await waitFor(() => expect(router.state.location.pathname).toBe('/en/account/orders/100'));

    expect(await screen.findByRole('heading', { level: 1, name: 'Order details' }, T)).toBeInTheDocument();
    // the title is set by an effect, which may run after the heading shows
    await waitFor(() => expect(document.title).toBe('Order details | Casa Maíz'), T);
    expect(await screen.findByTestId('order-number', {}, T)).toHaveTextContent('W0000100');
    expect(orderCalls(calls).map((call) => call.url)).toEqual([
      `/backend/en/jsonapi/commerce_order/default/${uuidOf(100)}?jsonapi_include=1&include=uid%2Corder_items%2Corder_items.purchased_entity%2Corder_items.purchased_entity.product_images`,
    ]);
    // the list was asked for nothing new (no paging for the uuid: the link knew it); a refetch of
    // the page shown before may still land after the click (it did once in a full run)
    expect(listCalls(calls).filter((call) => !listed.has(call.url))).toEqual([]);

    // placed 20 November 23:30 UTC: 21 November in Amsterdam
    expect(screen.getByTestId('order-date')).toHaveTextContent('21 november 2026');
    expect(screen.getByTestId('order-state')).toHaveTextContent('Placed');
    expect(screen.getByTestId('order-payment-method')).toHaveTextContent('On account');
    expect(screen.getByTestId('order-shipping-method')).toHaveTextContent('Delivery');
    expect(screen.getByTestId('order-delivery-date')).toHaveTextContent('24-11-2026');
    const delivery = screen.getByTestId('order-delivery-address');
    expect(delivery).toHaveTextContent('Keuken');
    expect(delivery).toHaveTextContent('Lange Nieuwstraat 4');
    expect(delivery).toHaveTextContent('3512 PH Utrecht');
    expect(screen.getByTestId('order-billing-address')).toHaveTextContent('Oudegracht 12');

    const overview = screen.getByRole('region', { name: 'Order overview' });
    const table = within(overview).getByRole('table');
    const tortilla = within(table).getByText('Tortilla de maíz 15 cm').closest('tr') as HTMLElement;
    expect(within(tortilla).getByRole('img', { name: 'Picture of Tortilla de maíz 15 cm' })).toHaveAttribute('src', '/img/t/1.webp');
    expect(within(tortilla).getByRole('link', { name: 'Tortilla de maíz 15 cm' })).toHaveAttribute('href', '/en/assortment/p4');
    expect(tortilla).toHaveTextContent('Art. no. 100120');
    expect(tortilla).toHaveTextContent(/3\s*€\s2,45\s*€\s7,35/);
    const salsa = within(table).getByText('Salsa verde 500 ml').closest('tr') as HTMLElement;
    // no picture: the placeholder
    expect(within(salsa).getByRole('img', { name: 'Picture of Salsa verde 500 ml' }).getAttribute('src')).toContain('product-placeholder.svg');
    expect(within(table).getByText('Subtotal (excl. VAT)').closest('tr')).toHaveTextContent('€ 55,23');
    expect(within(table).getByText('Delivery').closest('tr')).toHaveTextContent('€ 14,95');
    expect(within(table).getByText('VAT 9%').closest('tr')).toHaveTextContent('€ 6,32');
    expect(within(table).getByText('Total (incl. VAT)').closest('tr')).toHaveTextContent('€ 76,50');

    const invoice = screen.getByRole('region', { name: 'Invoice' });
    expect(invoice).toHaveTextContent('F265003');
    expect(invoice).toHaveTextContent('€ 200,00');
    expect(within(invoice).getByRole('button', { name: 'Pay now (invoice F265003)' })).toBeEnabled();
  });

  it('opens a directly visited order with one call by its number, and asks nothing twice', async () => {
    const order = orderResource(84, { state: 'completed' });
    const calls = mockFetch(...ordersPageCalls(), orderCall(order));
    logIn();
    renderApp('/en/account/orders/84');
    expect(await screen.findByTestId('order-number', {}, T)).toHaveTextContent('W0000084');
    expect(screen.getByTestId('order-state')).toHaveTextContent('Completed');
    expect(listCalls(calls)).toHaveLength(0);
    expect(orderCalls(calls).map((call) => new URL(call.url, 'http://shop.test').pathname)).toEqual(['/backend/en/jsonapi/commerce_order/default/84']);
    // no open invoice for this order
    expect(screen.queryByRole('region', { name: 'Invoice' })).not.toBeInTheDocument();
  });

  it("shows a credit as 'Credit' without 'Pay now' and speaks Dutch on /nl", async () => {
    const order = orderResource(98);
    mockFetch(...ordersPageCalls(), orderCall(order));
    logIn();
    renderApp('/nl/account/orders/98');
    expect(await screen.findByRole('heading', { level: 1, name: 'Bestelgegevens' }, T)).toBeInTheDocument();
    const invoice = await screen.findByRole('region', { name: 'Factuur' }, T);
    expect(invoice).toHaveTextContent(OF_ORDERS[1]?.invoiceNumber ?? '');
    expect(invoice).toHaveTextContent('€ -12,50');
    expect(within(invoice).getByText('Creditnota')).toBeInTheDocument();
    expect(within(invoice).queryByRole('button')).not.toBeInTheDocument();
    expect(screen.getByTestId('order-state')).toHaveTextContent('Geplaatst');
    const table = within(screen.getByRole('region', { name: 'Overzicht bestelling' })).getByRole('table');
    expect(within(table).getByText('Btw 9%')).toBeInTheDocument();
    expect(within(table).getByText('Totaal (incl. btw)')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Opnieuw bestellen' })).toBeEnabled();
    expect(screen.getByRole('link', { name: /Terug naar mijn bestellingen/ })).toHaveAttribute('href', '/nl/account/orders');
  });

  it("'Order again' asks the server to add the order's lines in one call, says 'Added to you cart' with the counts and reloads the cart", async () => {
    const order = orderResource(99);
    const calls = mockFetch(
      ...ordersPageCalls(),
      orderCall(order),
      on('POST', '/quick-order/order-again', () => jsonResponse(200, addedOf([okLine(1, quickProduct('100120', 'Tortilla de maíz 15 cm'), 3, 245), okLine(2, quickProduct('200410', 'Salsa verde 500 ml'), 12, 410)], 15))),
    );
    logIn();
    const user = userEvent.setup();
    renderApp('/en/account/orders/99');
    await user.click(await screen.findByRole('button', { name: 'Order again' }, T));
    expect(await screen.findByText('Added to you cart', {}, T)).toBeInTheDocument();
    expect(screen.getByText('2 lines added')).toBeInTheDocument();
    const adds = calls.filter((call) => call.method === 'POST' && call.url.includes('/quick-order/order-again'));
    expect(adds.map((call) => [call.url, call.body])).toEqual([['/backend/en/quick-order/order-again', { order: uuidOf(99) }]]);
    // nothing was left out: no notice
    expect(screen.queryByRole('region', { name: /not added to your cart/ })).not.toBeInTheDocument();
    // the header's cart (GET /cart) is asked again
    await waitFor(() => expect(calls.filter((call) => call.url.includes('/cart?_format=json')).length).toBeGreaterThanOrEqual(2));
  });

  it("'Order again' lists the lines it left out and why (nl), and says so in an error toast when it added nothing", async () => {
    const order = orderResource(99);
    mockFetch(
      ...ordersPageCalls(),
      orderCall(order),
      on('POST', '/quick-order/order-again', () =>
        jsonResponse(
          200,
          addedOf([
            problemLine(1, '100120', 'not_orderable', 'Tortilla de maíz 15 cm wordt niet meer verkocht.', { product: quickProduct('100120', 'Tortilla de maíz 15 cm') }),
            problemLine(2, '200410', 'price_on_request', 'Salsa verde 500 ml: prijs op aanvraag.', { product: quickProduct('200410', 'Salsa verde 500 ml') }),
          ]),
        ),
      ),
    );
    logIn();
    const user = userEvent.setup();
    renderApp('/nl/account/orders/99');
    await user.click(await screen.findByRole('button', { name: 'Opnieuw bestellen' }, T));
    expect(await screen.findByText('Geen regels toegevoegd, 2 niet toegevoegd', {}, T)).toBeInTheDocument();
    expect(screen.queryByText('Toegevoegd aan je winkelwagen')).not.toBeInTheDocument();
    const notice = screen.getByRole('region', { name: '2 regels zijn niet aan je winkelwagen toegevoegd' });
    const items = within(notice).getAllByRole('listitem').map((item) => item.textContent);
    expect(items).toEqual([
      'Tortilla de maíz 15 cm (100120): Tortilla de maíz 15 cm wordt niet meer verkocht.',
      'Salsa verde 500 ml (200410): Salsa verde 500 ml: prijs op aanvraag.',
    ]);
  });

  it("'Pay now' on the detail starts that invoice's payment", async () => {
    const go = vi.spyOn(paymentPage, 'go').mockImplementation(() => {});
    const calls = mockFetch(
      ...ordersPageCalls(),
      orderCall(orderResource(100)),
      on('POST', '/api/cash-invoice/20/create-payment', () => jsonResponse(200, { paymentUrl: '/backend/payment-sandbox/tr_sbx00000000000000aa' })),
    );
    logIn();
    const user = userEvent.setup();
    renderApp('/en/account/orders/100');
    await user.click(await screen.findByRole('button', { name: 'Pay now (invoice F265003)' }, T));
    await waitFor(() => expect(go).toHaveBeenCalledWith('/backend/payment-sandbox/tr_sbx00000000000000aa'));
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.url)).toEqual(['/backend/en/api/cash-invoice/20/create-payment']);
  });

  it('says the order is not found for an id the user has no order with, or that is not an id', async () => {
    mockFetch(...ordersPageCalls());
    logIn();
    renderApp('/en/account/orders/4242');
    expect(await screen.findByText('This order could not be found.', {}, T)).toBeInTheDocument();
  });

  it('says the order is not found for a path that is no order id', async () => {
    const calls = mockFetch(...ordersPageCalls());
    logIn();
    renderApp('/en/account/orders/abc');
    expect(await screen.findByText('This order could not be found.', {}, T)).toBeInTheDocument();
    expect(listCalls(calls)).toHaveLength(0);
  });

  it('offers to try again when the order cannot be loaded', async () => {
    let fail = true;
    const order = orderResource(100);
    mockFetch(
      ...ordersPageCalls(),
      on('GET', '/jsonapi/commerce_order/default/', () => (fail ? jsonResponse(500, { message: 'boom' }) : jsonResponse(200, { data: order }))),
    );
    logIn();
    const user = userEvent.setup();
    renderApp('/en/account/orders/100');
    expect(await screen.findByText('Something went wrong, please try again', {}, T)).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('order-number', {}, T)).toHaveTextContent('W0000100');
  });
});
