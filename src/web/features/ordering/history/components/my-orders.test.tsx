import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { jsonResponse, mockFetch, on } from '../../../../test/fetch-mock';
import { logIn, renderApp } from '../../../../test/render';
import { paymentPage } from '../../../../lib/payment-page';
import { emptyCart, favorites, menus, USER_ID } from '../../../../test/shop-data';
import { openInvoices, orderList, ordersPageCalls, T } from '../test/fixtures';

const listCalls = (calls: { url: string }[]) => calls.filter((call) => call.url.includes('/jsonapi/commerce_order/default?'));

function rowOf(section: HTMLElement, text: string): HTMLElement {
  return within(section).getByText(text).closest('tr') as HTMLElement;
}

describe('My orders', () => {
  it("lists the invoices outside the webshop with 'Pay now' or 'Credit' (en)", async () => {
    const calls = mockFetch(...ordersPageCalls());
    logIn();
    renderApp('/en/account/orders');

    expect(await screen.findByRole('heading', { level: 1, name: 'My orders' }, T)).toBeInTheDocument();
    // the title is set by an effect, which may run after the heading shows
    await waitFor(() => expect(document.title).toBe('My orders | Casa Maíz'), T);
    const outside = await screen.findByRole('region', { name: 'Orders outside the webshop' }, T);
    await within(outside).findByText('F260001', {}, T);
    const headers = within(outside).getAllByRole('columnheader').map((th) => th.textContent);
    expect(headers).toEqual(['Date', 'Invoice number', 'Cash order number', 'Outstanding amount', 'Payment']);
    // only the invoices without an order, newest as the server sends them
    expect(within(outside).getAllByRole('row')).toHaveLength(4);
    expect(within(outside).queryByText('F265003')).not.toBeInTheDocument();

    const first = rowOf(outside, 'F260001');
    expect(first).toHaveTextContent('19-10-2026');
    expect(first).toHaveTextContent('K0700037');
    expect(first).toHaveTextContent('€ 487,65');
    expect(within(first).getByRole('button', { name: 'Pay now (invoice F260001)' })).toBeEnabled();
    const credit = rowOf(outside, 'F260003');
    expect(credit).toHaveTextContent('€ -25,00');
    expect(within(credit).getByText('Credit')).toBeInTheDocument();
    expect(within(credit).queryByRole('button')).not.toBeInTheDocument();

    const invoicesCall = calls.find((call) => call.url.includes('/open-invoices'));
    expect(invoicesCall?.url).toBe(`/backend/en/api/cash-invoice/user/${USER_ID}/relation/open-invoices`);
  });

  it("lists the webshop orders with long nl-NL dates, totals, their open invoice and a link to the detail", async () => {
    const calls = mockFetch(...ordersPageCalls());
    logIn();
    renderApp('/en/account/orders');

    const webshop = await screen.findByRole('region', { name: 'Webshop orders' }, T);
    await within(webshop).findByText('W0000100', {}, T);
    expect(within(webshop).getByTestId('orders-count')).toHaveTextContent('18 orders');
    expect(within(webshop).getAllByRole('row')).toHaveLength(16);
    const newest = rowOf(webshop, 'W0000100');
    // placed 22 November 23:30 UTC: 23 November in Amsterdam
    expect(newest).toHaveTextContent('23 november 2026');
    expect(newest).toHaveTextContent('€ 200,00');
    const invoice = within(newest).getByTestId('order-invoice');
    expect(invoice).toHaveTextContent('F265003');
    expect(invoice).toHaveTextContent('€ 200,00');
    expect(within(invoice).getByRole('button', { name: 'Pay now (invoice F265003)' })).toBeInTheDocument();
    expect(within(newest).getByRole('link', { name: 'Details of order W0000100' })).toHaveAttribute('href', '/en/account/orders/100');

    const credited = within(rowOf(webshop, 'W0000098')).getByTestId('order-invoice');
    expect(credited).toHaveTextContent('F265002');
    expect(credited).toHaveTextContent('€ -12,50');
    expect(credited).toHaveTextContent('Credit');
    expect(within(rowOf(webshop, 'W0000099')).getByTestId('order-invoice')).toBeEmptyDOMElement();

    const url = new URL(listCalls(calls)[0]?.url ?? '', 'http://shop.test');
    expect(url.pathname).toBe('/backend/en/jsonapi/commerce_order/default');
    expect([...url.searchParams.entries()]).toEqual([
      ['filter[uid.meta.drupal_internal__target_id]', String(USER_ID)],
      ['filter[state][condition][path]', 'state'],
      ['filter[state][condition][operator]', 'NOT IN'],
      ['filter[state][condition][value][]', 'draft'],
      ['sort', '-placed'],
      ['page[offset]', '0'],
      ['page[limit]', '15'],
    ]);
  });

  it('pages through the orders with ?page= and a window of page numbers', async () => {
    const calls = mockFetch(...ordersPageCalls());
    logIn();
    const user = userEvent.setup();
    const { router } = renderApp('/en/account/orders');
    const webshop = await screen.findByRole('region', { name: 'Webshop orders' }, T);
    await within(webshop).findByText('W0000100', {}, T);
    const pages = within(webshop).getByRole('navigation', { name: 'Pages of orders' });
    expect(within(pages).getByRole('button', { name: 'Page 1' })).toBeDisabled();
    expect(within(pages).getByRole('button', { name: 'Previous page' })).toBeDisabled();

    await user.click(within(pages).getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(router.state.location.search).toBe('?page=2'));
    expect(await within(webshop).findByText('W0000085', {}, T)).toBeInTheDocument();
    expect(within(webshop).queryByText('W0000100')).not.toBeInTheDocument();
    expect(within(webshop).getAllByRole('row')).toHaveLength(4);
    expect(new URL(listCalls(calls).at(-1)?.url ?? '', 'http://shop.test').searchParams.get('page[offset]')).toBe('15');
    expect(within(pages).getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    expect(within(pages).getByRole('button', { name: 'Last page' })).toBeDisabled();

    await user.click(within(pages).getByRole('button', { name: 'First page' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(await within(webshop).findByText('W0000100', {}, T)).toBeInTheDocument();
  });

  it('opens a page from the address and speaks Dutch on /nl', async () => {
    const calls = mockFetch(...ordersPageCalls());
    logIn();
    renderApp('/nl/account/orders?page=2');
    expect(await screen.findByRole('heading', { level: 1, name: 'Mijn bestellingen' }, T)).toBeInTheDocument();
    const outside = screen.getByRole('region', { name: 'Bestellingen buiten de webshop' });
    await within(outside).findByText('F260001', {}, T);
    expect(within(outside).getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      'Datum',
      'Factuurnummer',
      'Cash-ordernummer',
      'Openstaand bedrag',
      'Betaling',
    ]);
    expect(within(rowOf(outside, 'F260001')).getByRole('button', { name: 'Nu betalen (factuur F260001)' })).toBeInTheDocument();
    expect(within(rowOf(outside, 'F260003')).getByText('Creditnota')).toBeInTheDocument();
    const webshop = screen.getByRole('region', { name: 'Webshopbestellingen' });
    expect(await within(webshop).findByText('W0000085', {}, T)).toBeInTheDocument();
    expect(within(webshop).getByTestId('orders-count')).toHaveTextContent('18 bestellingen');
    expect(within(webshop).getByRole('link', { name: 'Bekijk bestelling W0000085' })).toHaveAttribute('href', '/nl/account/orders/85');
    expect(listCalls(calls)[0]?.url).toContain('/backend/jsonapi/commerce_order/default?');
    expect(new URL(listCalls(calls)[0]?.url ?? '', 'http://shop.test').searchParams.get('page[offset]')).toBe('15');
  });

  it("'Pay now' starts the invoice's payment and sends the browser to the payment page", async () => {
    const go = vi.spyOn(paymentPage, 'go').mockImplementation(() => {});
    const calls = mockFetch(
      ...ordersPageCalls(),
      on('POST', '/api/cash-invoice/2/create-payment', () => jsonResponse(200, { paymentUrl: 'http://shop.test/backend/payment-sandbox/tr_sbx0123456789abcdef' })),
    );
    logIn();
    const user = userEvent.setup();
    renderApp('/en/account/orders');
    const outside = await screen.findByRole('region', { name: 'Orders outside the webshop' }, T);
    const button = await within(outside).findByRole('button', { name: 'Pay now (invoice F260002)' }, T);
    await user.click(button);
    await waitFor(() => expect(go).toHaveBeenCalledWith('http://shop.test/backend/payment-sandbox/tr_sbx0123456789abcdef'));
    const post = calls.find((call) => call.method === 'POST');
    expect(post).toMatchObject({ url: '/backend/en/api/cash-invoice/2/create-payment', headers: { 'X-CSRF-Token': 'csrf-abc' } });
    // the browser is leaving: no second payment
    expect(button).toBeDisabled();
  });

  it("shows the server's refusal as an error toast and stays", async () => {
    const go = vi.spyOn(paymentPage, 'go').mockImplementation(() => {});
    mockFetch(
      ...ordersPageCalls(),
      on('POST', '/api/cash-invoice/1/create-payment', () => jsonResponse(400, { message: 'This invoice has been paid already.', code: 'invoice_paid' })),
    );
    logIn();
    const user = userEvent.setup();
    const { router } = renderApp('/en/account/orders');
    const outside = await screen.findByRole('region', { name: 'Orders outside the webshop' }, T);
    await user.click(await within(outside).findByRole('button', { name: 'Pay now (invoice F260001)' }, T));
    expect(await screen.findByText('This invoice has been paid already.', {}, T)).toBeInTheDocument();
    expect(go).not.toHaveBeenCalled();
    expect(router.state.location.pathname).toBe('/en/account/orders');
    expect(within(outside).getByRole('button', { name: 'Pay now (invoice F260001)' })).toBeEnabled();
  });

  it("shows the generic text when the payment cannot be started (5xx)", async () => {
    mockFetch(...ordersPageCalls(), on('POST', '/create-payment', () => jsonResponse(502, { message: 'Something went wrong' })));
    logIn();
    const user = userEvent.setup();
    renderApp('/en/account/orders');
    const outside = await screen.findByRole('region', { name: 'Orders outside the webshop' }, T);
    await user.click(await within(outside).findByRole('button', { name: 'Pay now (invoice F260001)' }, T));
    expect(await screen.findByText('Something went wrong, please try again', {}, T)).toBeInTheDocument();
  });

  it('says so when there are no orders and no invoices; a user without a relation is not asked for invoices', async () => {
    const calls = mockFetch(menus, favorites, emptyCart, orderList([]));
    logIn({ active_relation: null });
    renderApp('/en/account/orders');
    expect(await screen.findByText('You have not placed any orders in the webshop yet.', {}, T)).toBeInTheDocument();
    expect(screen.getByText('You have no open invoices outside the webshop.')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Pages of orders' })).not.toBeInTheDocument();
    expect(calls.some((call) => call.url.includes('/open-invoices'))).toBe(false);
  });

  it('offers the first page when the page of the address has no orders', async () => {
    mockFetch(menus, favorites, emptyCart, orderList(), openInvoices([]));
    logIn();
    const user = userEvent.setup();
    const { router } = renderApp('/en/account/orders?page=9');
    await user.click(await screen.findByRole('link', { name: 'Go to the first page' }, T));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(await screen.findByText('W0000100', {}, T)).toBeInTheDocument();
  });

  it('shows the generic error when the orders cannot be loaded', async () => {
    mockFetch(menus, favorites, emptyCart, openInvoices(), on('GET', '/jsonapi/commerce_order/default?', () => jsonResponse(500, { message: 'boom' })));
    logIn();
    renderApp('/en/account/orders');
    const webshop = await screen.findByRole('region', { name: 'Webshop orders' }, T);
    expect(await within(webshop).findByText('Something went wrong, please try again', {}, T)).toBeInTheDocument();
  });
});
