import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, onTestFinished, vi } from 'vitest';

import type { QuickOrderRow } from '../../../../shared/api/quick-order';
import { productFixture, productList } from '../../../features/catalog/test/fixtures';
import { SUGGESTION_DELAY_MS } from '../../../features/quick-order/hooks/use-suggestions';
import { jsonResponse, type MockCall, mockFetch, on } from '../../../test/fetch-mock';
import { addedOf, okLine, previewOf, problemLine, quickProduct } from '../../../test/quick-order-fixtures';
import { logIn, renderApp } from '../../../test/render';

const T = { timeout: 10_000 };
const JSONAPI = 'application/vnd.api+json';
const menus = on('GET', '/jsonapi/menu_items/', () => jsonResponse(200, { data: [] }, JSONAPI));
const emptyCart = on('GET', '/cart?', () => jsonResponse(200, []));

const query = (call: MockCall) => Object.fromEntries(new URL(call.url, 'http://shop.test').searchParams);
const isSuggestionCall = (call: MockCall) => call.method === 'GET' && call.url.includes('/jsonapi/index/products/') && query(call)['filter[fulltext]'] !== undefined;
/** The header's favourites (no text search). */
const favourites = (call: MockCall) =>
  call.url.includes('/jsonapi/index/products/') && !isSuggestionCall(call) ? jsonResponse(200, productList([]), JSONAPI) : undefined;

const tortilla = productFixture({ title: 'Tortilla de maíz 15 cm', sku: '100120' });
const tortillaXl = productFixture({ title: 'Tortilla de maíz 30 cm', sku: '100121', price_on_request: true, price: null });
const suggestions = (call: MockCall) => (isSuggestionCall(call) ? jsonResponse(200, productList([tortilla, tortillaXl]), JSONAPI) : undefined);

/** Text as read, with Intl's no-break space in amounts as a plain one. */
const plain = (text: string | null) => (text ?? '').replaceAll('\u00a0', ' ');

const posts = (calls: MockCall[], path: string) => calls.filter((call) => call.method === 'POST' && call.url.includes(path));

const salsa = quickProduct('200410', 'Salsa verde 500 ml');
const chipotle = quickProduct('300200', 'Chipotle en adobo 2,8 kg', { minimum_quantity: 6 });
const mole = quickProduct('300300', 'Mole poblano 1 kg');
const tequila = quickProduct('400100', 'Tequila blanco 70 cl');

/** A preview with a line of every status. */
const everyStatus = previewOf(
  [
    okLine(1, salsa, 4, 410, { lines: [1, 5], merged: true, message: 'Lines 1, 5 are the same article and were merged.' }),
    problemLine(2, '999999', 'unknown_article', 'Line 2: no article 999999.'),
    problemLine(3, '300300', 'not_orderable', 'Mole poblano 1 kg is no longer sold.', { product: mole }),
    problemLine(4, '400100', 'price_on_request', 'Tequila blanco 70 cl: price on request.', { product: tequila }),
    problemLine(6, '300200', 'below_minimum', 'Chipotle en adobo 2,8 kg is sold from 6.', { quantity: 2, product: chipotle }),
    problemLine(7, '100120', 'no_quantity', 'Line 7 has no quantity.', { quantity: null }),
    problemLine(8, 'x;y;z', 'unreadable', 'Line 8 could not be read.', { quantity: null }),
  ],
  { subtotal: 1640, vat: 148 },
);

describe('the quick order page', () => {
  it('is linked from the header and the account menu, and speaks Dutch on /nl', async () => {
    mockFetch(menus, emptyCart, favourites);
    logIn();
    const user = userEvent.setup();
    renderApp('/nl/quick-order');
    expect(await screen.findByRole('heading', { level: 1, name: 'Snel bestellen' }, T)).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Snel bestellen | Casa Maíz'));
    const header = screen.getByRole('banner');
    expect(within(header).getByRole('link', { name: 'Snel bestellen' })).toHaveAttribute('href', '/nl/quick-order');
    await user.click(within(header).getByRole('button', { name: /Taquería El Sol/ }));
    expect(await screen.findByRole('link', { name: 'Snel bestellen', current: 'page' }, T)).toHaveAttribute('href', '/nl/quick-order');
    expect(screen.getByRole('link', { name: 'Mijn vaste producten' })).toHaveAttribute('href', '/nl/usual-products');
    expect(screen.getByRole('link', { name: 'Begin bij mijn vaste producten' })).toHaveAttribute('href', '/nl/usual-products');
    expect(screen.getByRole('link', { name: 'Voorbeeldbestand downloaden (CSV)' })).toHaveAttribute('href', '/backend/quick-order/example.csv');
    expect(screen.getByRole('combobox', { name: 'Artikel, regel 1' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Plak uit Excel of een mail' })).toBeInTheDocument();
  });

  it('suggests products as you type; arrows and Enter choose one and move to the quantity, Enter there goes on to a new row; Escape closes', async () => {
    // The typing pause passes on a fake clock (which also moves with real time, as testing-library's waits need).
    vi.useFakeTimers({ shouldAdvanceTime: true });
    onTestFinished(() => {
      vi.useRealTimers();
    });
    const typingPauses = () => act(async () => vi.advanceTimersByTime(SUGGESTION_DELAY_MS));
    const calls = mockFetch(menus, emptyCart, suggestions, favourites);
    logIn();
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderApp('/en/quick-order');
    const first = await screen.findByRole('combobox', { name: 'Article, row 1' }, T);
    await user.click(first);
    await user.keyboard('tort');
    await typingPauses();
    const list = await screen.findByRole('listbox', { name: 'Suggestions for row 1' }, T);
    expect(first).toHaveAttribute('aria-expanded', 'true');
    const options = within(list).getAllByRole('option');
    expect(options.map((option) => plain(option.textContent))).toEqual([
      'Tortilla de maíz 15 cmArt. no. 100120€ 2,45',
      'Tortilla de maíz 30 cmArt. no. 100121Price on request',
    ]);
    expect(await screen.findByText('2 suggestions, choose with the arrow keys')).toBeInTheDocument();
    // the assortment's own list call, 8 products, the customer's prices
    const asked = calls.filter(isSuggestionCall);
    expect(query(asked.at(-1) as MockCall)).toMatchObject({ 'filter[fulltext]': 'tort', 'page[limit]': '8', 'page[offset]': '0', 'page[u]': '42' });
    // typing pauses are asked once, not every key
    expect(new Set(asked.map((call) => query(call)['filter[fulltext]']))).toEqual(new Set(['tort']));

    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(options[1]).toHaveAttribute('aria-selected', 'true');
    expect(first).toHaveAttribute('aria-activedescendant', options[1]?.id);
    await user.keyboard('{ArrowUp}{Enter}');
    expect(first).toHaveValue('100120');
    expect(first).toHaveAttribute('aria-expanded', 'false');
    const quantity = screen.getByRole('textbox', { name: 'Quantity, row 1' });
    expect(quantity).toHaveFocus();
    await user.keyboard('4{Enter}');
    expect(screen.getByRole('combobox', { name: 'Article, row 2' })).toHaveFocus();

    // Escape closes the list and leaves what was typed
    await user.keyboard('tort');
    await typingPauses();
    await screen.findByRole('listbox', { name: 'Suggestions for row 2' }, T);
    await user.keyboard('{Escape}');
    expect(screen.getByRole('combobox', { name: 'Article, row 2' })).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('listbox', { name: 'Suggestions for row 2' })).not.toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Article, row 2' })).toHaveValue('tort');

    // Enter in the last row's quantity adds a row
    await user.click(screen.getByRole('textbox', { name: 'Quantity, row 3' }));
    await user.keyboard('{Enter}');
    const fourth = screen.getByRole('combobox', { name: 'Article, row 4' });
    expect(fourth).toHaveFocus();
    expect(screen.getAllByTestId('quick-order-row')).toHaveLength(4);
  });

  it('checks the typed rows and shows every status in words, the totals as the server gave them, and offers the minimum without applying it', async () => {
    const calls = mockFetch(
      menus,
      emptyCart,
      favourites,
      on('POST', '/quick-order/preview', (call) => {
        const rows = (call.body as { rows?: QuickOrderRow[] }).rows;
        if (rows?.some((row) => row.article === '300200' && row.quantity === 6)) {
          return jsonResponse(200, previewOf([okLine(6, chipotle, 6, 1295)], { subtotal: 7770, vat: 699 }));
        }
        return jsonResponse(200, everyStatus);
      }),
    );
    logIn();
    const user = userEvent.setup();
    renderApp('/en/quick-order');
    await user.type(await screen.findByRole('combobox', { name: 'Article, row 1' }, T), '200410');
    await user.type(screen.getByRole('textbox', { name: 'Quantity, row 1' }), '4');
    await user.type(screen.getByRole('combobox', { name: 'Article, row 3' }), '999999');
    await user.click(screen.getByRole('button', { name: 'Check' }));

    const preview = await screen.findByRole('region', { name: 'Check before adding' }, T);
    expect(posts(calls, '/quick-order/preview').map((call) => [call.url, call.body])).toEqual([
      [
        '/backend/en/quick-order/preview',
        {
          rows: [
            { line: 1, article: '200410', quantity: 4 },
            { line: 3, article: '999999', quantity: null },
          ],
        },
      ],
    ]);
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Check before adding' })).toHaveFocus());
    expect(preview).toHaveTextContent('1 line can be added; 6 lines need your attention');
    const lines = within(preview).getAllByTestId('preview-line');
    const text = lines.map((line) => [...line.querySelectorAll('td')].map((cell) => plain(cell.textContent)));
    expect(text).toEqual([
      ['1, 5', '200410', 'Salsa verde 500 ml', '4', '€ 4,10', '€ 16,40', 'OKLines 1, 5 are the same article and were merged.'],
      ['2', '999999', '–', '1', '–', '–', 'Unknown articleLine 2: no article 999999.'],
      ['3', '300300', 'Mole poblano 1 kg', '1', '–', '–', 'Not orderableMole poblano 1 kg is no longer sold.'],
      ['4', '400100', 'Tequila blanco 70 cl', '1', '–', '–', 'Price on requestTequila blanco 70 cl: price on request.'],
      ['6', '300200', 'Chipotle en adobo 2,8 kg', '2', '–', '–', 'Below the minimumChipotle en adobo 2,8 kg is sold from 6.Use minimum 6'],
      ['7', '100120', '–', '–', '–', '–', 'No quantityLine 7 has no quantity.'],
      ['8', 'x;y;z', '–', '–', '–', '–', 'UnreadableLine 8 could not be read.'],
    ]);
    // status is an icon and a word, never colour alone
    for (const line of lines) expect(line.querySelector('.quick-order-status svg')).not.toBeNull();
    const totals = screen.getByTestId('quick-order-totals');
    expect(totals).toHaveTextContent('Subtotal (excl. VAT)€ 16,40');
    expect(totals).toHaveTextContent('VAT 9%€ 1,48');
    expect(totals).toHaveTextContent('Total (incl. VAT)€ 17,88');
    expect(within(preview).getByRole('button', { name: 'Add 1 line to cart' })).toBeEnabled();

    await user.click(within(preview).getByRole('button', { name: 'Use minimum 6 for Chipotle en adobo 2,8 kg' }));
    await waitFor(() => expect(posts(calls, '/quick-order/preview')).toHaveLength(2));
    // the preview's lines go back as rows, each with its first input line; only the chosen line changes
    expect(posts(calls, '/quick-order/preview')[1]?.body).toEqual({
      rows: [
        { line: 1, article: '200410', quantity: 4 },
        { line: 2, article: '999999', quantity: 1 },
        { line: 3, article: '300300', quantity: 1 },
        { line: 4, article: '400100', quantity: 1 },
        { line: 6, article: '300200', quantity: 6 },
        { line: 7, article: '100120', quantity: null },
      ],
    });
    expect(await within(preview).findByRole('button', { name: 'Add 1 line to cart' }, T)).toBeInTheDocument();
    expect(within(preview).getAllByTestId('preview-line')).toHaveLength(1);
    expect(screen.getByTestId('quick-order-totals')).toHaveTextContent('Total (incl. VAT)€ 84,69');
  });

  it('says a row with a quantity that is no whole number is wrong, and asks nothing', async () => {
    const calls = mockFetch(menus, emptyCart, favourites);
    logIn();
    const user = userEvent.setup();
    renderApp('/en/quick-order');
    await user.type(await screen.findByRole('combobox', { name: 'Article, row 1' }, T), '200410');
    await user.type(screen.getByRole('textbox', { name: 'Quantity, row 1' }), '1,5');
    await user.click(screen.getByRole('button', { name: 'Check' }));
    expect(screen.getByRole('textbox', { name: 'Quantity, row 1' })).toHaveAccessibleDescription('Row 1: give a whole number from 1 to 9999.');
    expect(posts(calls, '/quick-order')).toEqual([]);
  });

  it('sends a pasted list as text, adds in one request, says how many were added and left out, and keeps the left-out lines as rows to correct', async () => {
    const pasted = ['artikel\taantal', '200410\t4', '999999\t2', '300200\t2', 'x;y;z'].join('\n');
    const preview = previewOf(
      [
        okLine(2, salsa, 4, 410),
        problemLine(3, '999999', 'unknown_article', 'Line 3: no article 999999.', { quantity: 2 }),
        problemLine(4, '300200', 'below_minimum', 'Chipotle en adobo 2,8 kg is sold from 6.', { quantity: 2, product: chipotle }),
        problemLine(5, 'x;y;z', 'unreadable', 'Line 5 could not be read.', { quantity: null }),
      ],
      { subtotal: 1640, vat: 148 },
    );
    const calls = mockFetch(
      menus,
      emptyCart,
      favourites,
      on('POST', '/quick-order/preview', () => jsonResponse(200, preview)),
      on('POST', '/quick-order/add', () => jsonResponse(200, addedOf(preview.lines.slice(0, 3), 4))),
    );
    logIn();
    const user = userEvent.setup();
    renderApp('/en/quick-order');
    const area = await screen.findByRole('textbox', { name: 'Paste from Excel or a mail' }, T);
    await user.click(area);
    await user.paste(pasted);
    expect(screen.getByText('5 lines')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Check list' }));
    const region = await screen.findByRole('region', { name: 'Check before adding' }, T);
    expect(posts(calls, '/quick-order/preview')[0]?.body).toEqual({ text: pasted });

    const cartCalls = () => calls.filter((call) => call.url.includes('/cart?_format=json')).length;
    const before = cartCalls();
    await user.click(within(region).getByRole('button', { name: 'Add 1 line to cart' }));
    expect(await screen.findByText('1 line added, 3 left out', {}, T)).toBeInTheDocument();
    const adds = posts(calls, '/quick-order/add');
    expect(adds).toHaveLength(1);
    expect(adds[0]?.url).toBe('/backend/en/quick-order/add');
    // every line that could be read, in one request; the unreadable one stays on the page
    expect(adds[0]?.body).toEqual({
      rows: [
        { line: 2, article: '200410', quantity: 4 },
        { line: 3, article: '999999', quantity: 2 },
        { line: 4, article: '300200', quantity: 2 },
      ],
    });
    // the header's count is reloaded
    await waitFor(() => expect(cartCalls()).toBeGreaterThan(before));

    // added lines go; the left-out ones are rows to correct, with their reason
    expect(screen.queryByRole('region', { name: 'Check before adding' })).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Type articles' })).toHaveFocus());
    expect(screen.getByText('These lines were not added to your cart. Correct them and check again.')).toBeInTheDocument();
    const rows = screen.getAllByTestId('quick-order-row');
    expect(rows).toHaveLength(3);
    expect(screen.getByRole('combobox', { name: 'Article, row 1' })).toHaveValue('999999');
    expect(screen.getByRole('textbox', { name: 'Quantity, row 1' })).toHaveValue('2');
    expect(screen.getByRole('combobox', { name: 'Article, row 1' })).toHaveAccessibleDescription(/Line 3: Line 3: no article 999999\./);
    expect(screen.getByRole('combobox', { name: 'Article, row 2' })).toHaveValue('300200');
    expect(rows[1]).toHaveTextContent('Line 4: Chipotle en adobo 2,8 kg is sold from 6.');
    expect(screen.getByRole('combobox', { name: 'Article, row 3' })).toHaveValue('x;y;z');
    expect(rows[2]).toHaveTextContent('Line 5: Line 5 could not be read.');
    expect(screen.getByRole('textbox', { name: 'Paste from Excel or a mail' })).toHaveValue('');
  });

  it('shows the server message of a refused check in an error toast', async () => {
    mockFetch(
      menus,
      emptyCart,
      favourites,
      on('POST', '/quick-order/preview', () => jsonResponse(400, { message: 'At most 1000 lines at once.', code: 'validation', errors: [] })),
    );
    logIn();
    const user = userEvent.setup();
    renderApp('/en/quick-order');
    await user.click(await screen.findByRole('textbox', { name: 'Paste from Excel or a mail' }, T));
    await user.paste('200410;4');
    await user.click(screen.getByRole('button', { name: 'Check list' }));
    expect(await screen.findByText('At most 1000 lines at once.', {}, T)).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Check before adding' })).not.toBeInTheDocument();
  });

  it('uploads a chosen .xlsx or .csv file as it is, and refuses other files without asking', async () => {
    const calls = mockFetch(menus, emptyCart, favourites, on('POST', '/quick-order/upload', () => jsonResponse(200, previewOf([okLine(2, salsa, 4, 410)], { subtotal: 1640, vat: 148 }))));
    logIn();
    const user = userEvent.setup({ applyAccept: false });
    renderApp('/en/quick-order');
    const input = await screen.findByLabelText('CSV or Excel file (.csv, .xlsx)', {}, T);
    await user.upload(input, new File(['%PDF'], 'list.pdf', { type: 'application/pdf' }));
    expect(await screen.findByText('Choose a .csv or .xlsx file.')).toBeInTheDocument();
    expect(posts(calls, '/quick-order/upload')).toEqual([]);

    const file = new File(['PK…'], 'Bestellijst.XLSX', { type: '' });
    await user.upload(input, file);
    expect(await screen.findByRole('region', { name: 'Check before adding' }, T)).toBeInTheDocument();
    const uploads = posts(calls, '/quick-order/upload');
    expect(uploads.map((call) => [call.url, call.headers['Content-Type']])).toEqual([
      ['/backend/en/quick-order/upload', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
    ]);
    expect(uploads[0]?.body).toBe(file);
  });
});
