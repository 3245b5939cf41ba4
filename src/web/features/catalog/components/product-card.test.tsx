import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import type { Product, Quote } from '../../../../shared/api/catalog';
import { price } from '../../../../shared/money';
import { toast } from '../../../lib/toast';
import { jsonResponse, type MockCall, mockFetch, on } from '../../../test/fetch-mock';
import { logIn } from '../../../test/render';
import { productFixture, productList } from '../test/fixtures';
import { renderWithShop } from '../test/render';

import { fallbackImageUrl } from './product-image';
import { ProductCard } from './product-card';

const T = { timeout: 10_000 };
const JSONAPI = 'application/vnd.api+json';

function query(call: MockCall): Record<string, string> {
  return Object.fromEntries(new URL(call.url, 'http://shop.test').searchParams);
}

const isFavoritesList = (call: MockCall) => call.method === 'GET' && call.url.includes('/jsonapi/index/products/') && query(call)['filter[favorites]'] !== undefined;

/** The order list on the server: the favourites call answers what it holds. */
function favoritesServer(initial: Product[] = []) {
  let favorites = initial;
  return {
    handler: (call: MockCall) => (isFavoritesList(call) ? jsonResponse(200, productList(favorites), JSONAPI) : undefined),
    set: (next: Product[]) => {
      favorites = next;
    },
  };
}

function renderCard(product: Product, mutation?: Parameters<typeof ProductCard>[0]['mutation']) {
  return renderWithShop(<ProductCard product={product} mutation={mutation} />);
}

describe('ProductCard', () => {
  it('shows picture, name linked to the product page and the article number; a broken picture falls back', () => {
    mockFetch();
    const product = productFixture({ title: 'Maïstortilla 15 cm', sku: '100234' });
    renderCard(product);
    expect(screen.getByRole('heading', { level: 2, name: 'Maïstortilla 15 cm' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Maïstortilla 15 cm' })).toHaveAttribute('href', `/en/assortment/${product.id}`);
    expect(screen.getByText('Article number: 100234')).toBeInTheDocument();
    const image = document.querySelector('.product-card-image img') as HTMLImageElement;
    expect(image.getAttribute('src')).toBe(product.images[0]?.image_style_uri.thumbnail);
    fireEvent.error(image);
    expect(image.getAttribute('src')).toBe(fallbackImageUrl);
  });

  it('loads its picture lazily, with width and height set so that nothing shifts when it arrives', () => {
    mockFetch();
    renderCard(productFixture());
    const image = document.querySelector('.product-card-image img') as HTMLImageElement;
    expect(image.getAttribute('loading')).toBe('lazy');
    expect(Number(image.getAttribute('width'))).toBeGreaterThan(0);
    expect(Number(image.getAttribute('height'))).toBeGreaterThan(0);
  });

  it('shows the default picture for a product without one', () => {
    mockFetch();
    renderCard(productFixture({ images: [] }));
    expect((document.querySelector('.product-card-image img') as HTMLImageElement).getAttribute('src')).toBe(fallbackImageUrl);
  });

  it('opens the price request dialog instead of adding when the quantity is below the minimum', async () => {
    const calls = mockFetch();
    const user = userEvent.setup();
    const product = productFixture({
      title: 'Salsa verde',
      scaled_prices: [{ quantity: 6, price: price(300) }],
      minimum_quantity: 6,
    });
    renderCard(product);
    await user.click(screen.getByRole('button', { name: 'Add Salsa verde to cart' }));
    const dialog = await screen.findByRole('dialog', { name: 'Request a price' }, T);
    expect(dialog).toHaveTextContent('Salsa verde is sold from 6 st.');
    expect(within(dialog).getByRole('spinbutton', { name: 'Quantity' })).toHaveValue(1);
    expect(calls.some((call) => call.url.includes('/cart/add'))).toBe(false);
  });

  it("adds the first variation with the chosen quantity and shows 'Added to you cart'", async () => {
    const calls = mockFetch(on('POST', '/cart/add', () => jsonResponse(200, [])));
    const success = vi.spyOn(toast, 'success');
    const user = userEvent.setup();
    const product = productFixture({ title: 'Salsa verde', minimum_quantity: 6, scaled_prices: [{ quantity: 6, price: price(300) }] });
    renderCard(product);
    const field = screen.getByRole('spinbutton', { name: 'Quantity of Salsa verde' });
    await user.clear(field);
    await user.type(field, '6');
    await user.click(screen.getByRole('button', { name: 'Add Salsa verde to cart' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Added to you cart'));
    const add = calls.find((call) => call.url.includes('/cart/add'));
    expect(add?.url).toBe('/backend/en/cart/add?_format=json');
    expect(add?.body).toEqual([
      { purchased_entity_type: 'commerce_product_variation', purchased_entity_id: product.variations[0]?.drupal_internal__variation_id, quantity: 6, combine: true },
    ]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("keeps the spec's 'Added to you cart' and adds the stock note after it when part of the line comes later", async () => {
    mockFetch(on('POST', '/cart/add', () => jsonResponse(200, [{ backorder: { quantity: 48, expected_date: null } }])));
    const success = vi.spyOn(toast, 'success');
    const user = userEvent.setup();
    renderCard(productFixture({ title: 'Salsa verde' }));
    await user.click(screen.getByRole('button', { name: 'Add Salsa verde to cart' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Added to you cart. 48 are not in stock and will be delivered later.'));
  });

  it('shows the generic error when adding fails', async () => {
    mockFetch(on('POST', '/cart/add', () => jsonResponse(500, { message: 'boom' })));
    const error = vi.spyOn(toast, 'error');
    const user = userEvent.setup();
    renderCard(productFixture({ title: 'Nachos' }));
    await user.click(screen.getByRole('button', { name: 'Add Nachos to cart' }));
    await waitFor(() => expect(error).toHaveBeenCalledWith('Something went wrong, please try again'));
  });

  it("shows 'Price on request' without prices: adding is disabled, the price opens a plain request", async () => {
    let answer: (response: Response) => void = () => {};
    const calls = mockFetch((call) =>
      call.url.includes('/request-price') ? (new Promise<Response>((resolve) => (answer = resolve)) as unknown as Response) : undefined,
    );
    const success = vi.spyOn(toast, 'success');
    const user = userEvent.setup();
    const product = productFixture({ title: 'Mole poblano', scaled_prices: [], price: null, price_on_request: true });
    renderCard(product);
    expect(screen.getByRole('button', { name: 'Add Mole poblano to cart' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Price on request' }));
    const dialog = await screen.findByRole('dialog', { name: 'Request a price' }, T);
    expect(dialog).toHaveTextContent('Would you like to know the price of Mole poblano?');
    expect(within(dialog).queryByRole('spinbutton')).not.toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Send request' }));
    expect(await within(dialog).findByRole('button', { name: 'Sending…' })).toBeDisabled();
    const request = calls.find((call) => call.url.includes('/request-price'));
    expect(request).toMatchObject({ method: 'POST', url: `/backend/en/api/product/${product.id}/request-price`, body: { quantity: 1 } });

    answer(jsonResponse(200, { status: 1, message: 'Your price request has been sent.' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Your price request has been sent.'));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('asks for the chosen amount and shows a refusal (429) as an error toast with the server message', async () => {
    const calls = mockFetch(on('POST', '/request-price', () => jsonResponse(429, { message: 'You asked for this price a moment ago.' })));
    const error = vi.spyOn(toast, 'error');
    const user = userEvent.setup();
    renderCard(productFixture({ title: 'Habanero', minimum_quantity: 12, scaled_prices: [{ quantity: 12, price: price(150) }] }));
    await user.click(screen.getByRole('button', { name: 'Add Habanero to cart' }));
    const dialog = await screen.findByRole('dialog', { name: 'Request a price' }, T);
    const amount = within(dialog).getByRole('spinbutton', { name: 'Quantity' });
    await user.clear(amount);
    await user.type(amount, '4');
    await user.click(within(dialog).getByRole('button', { name: 'Send request' }));
    await waitFor(() => expect(error).toHaveBeenCalledWith('You asked for this price a moment ago.'));
    expect(calls.find((call) => call.url.includes('/request-price'))?.body).toEqual({ quantity: 4 });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('shows a status 0 answer as an error toast', async () => {
    mockFetch(on('POST', '/request-price', () => jsonResponse(200, { status: 0, message: 'Not sent.' })));
    const error = vi.spyOn(toast, 'error');
    const user = userEvent.setup();
    renderCard(productFixture({ title: 'Chipotle', scaled_prices: [], price: null, price_on_request: true }));
    await user.click(screen.getByRole('button', { name: 'Price on request' }));
    await user.click(within(await screen.findByRole('dialog', {}, T)).getByRole('button', { name: 'Send request' }));
    await waitFor(() => expect(error).toHaveBeenCalledWith('Not sent.'));
  });

  it('puts a product on the order list and takes it off, reloading the list after each toggle', async () => {
    const product = productFixture({ title: 'Jalapeños' });
    const server = favoritesServer();
    const calls = mockFetch(
      server.handler,
      on('POST', '/jsonapi/favorite_product/favorite_product', () => {
        server.set([{ ...product, is_favorite: true, favorite_id: 'fav-1' }]);
        return jsonResponse(201, { data: { type: 'favorite_product--favorite_product', id: 'fav-1' } }, JSONAPI);
      }),
      on('DELETE', '/jsonapi/favorite_product/favorite_product/fav-1', () => {
        server.set([]);
        return jsonResponse(204);
      }),
    );
    logIn();
    const success = vi.spyOn(toast, 'success');
    const error = vi.spyOn(toast, 'error');
    const user = userEvent.setup();
    renderCard(product);

    const add = await screen.findByRole('button', { name: 'Add Jalapeños to your order list' });
    await waitFor(() => expect(add).toBeEnabled());
    const list = calls.find(isFavoritesList) as MockCall;
    expect(query(list)).toEqual({
      'page[offset]': '0',
      'page[limit]': '1000',
      'filter[favorites]': '42',
      'filter[entity_type]': 'commerce_product',
    });

    await user.click(add);
    expect(await screen.findByRole('button', { name: 'Remove Jalapeños from your order list' }, T)).toBeEnabled();
    expect(success).toHaveBeenCalledWith('Added to your order list');
    const post = calls.find((call) => call.method === 'POST') as MockCall;
    expect(post.headers['Content-Type']).toBe('application/vnd.api+json');
    expect(post.body).toEqual({
      data: {
        type: 'favorite_product--favorite_product',
        relationships: { product: { data: { type: 'commerce_product--default', id: product.id } } },
      },
    });
    expect(calls.filter(isFavoritesList)).toHaveLength(2);

    await user.click(screen.getByRole('button', { name: 'Remove Jalapeños from your order list' }));
    expect(await screen.findByRole('button', { name: 'Add Jalapeños to your order list' }, T)).toBeEnabled();
    expect(error).toHaveBeenCalledWith('Removed from your order list');
    expect(calls.filter(isFavoritesList)).toHaveLength(3);
  });

  it("tells a user without relation 'No relation found' and asks nothing", async () => {
    const calls = mockFetch();
    logIn({ active_relation: null });
    const error = vi.spyOn(toast, 'error');
    const user = userEvent.setup();
    renderCard(productFixture({ title: 'Tomatillos' }));
    await user.click(screen.getByRole('button', { name: 'Add Tomatillos to your order list' }));
    expect(error).toHaveBeenCalledWith('No relation found');
    expect(calls).toHaveLength(0);
  });

  it("opens 'Better price for {product}' with the quotes from the orange icon", async () => {
    mockFetch();
    const user = userEvent.setup();
    const quote: Quote = {
      id: 'q-1',
      label: 'Offerte 2027-014',
      url: 'https://quotes.example/2027-014',
      valid_until: '2027-03-31',
      productData: [
        {
          target_id: 1,
          product_price_target_id: 501,
          standard_cost: price(150),
          quote_price: price(199),
          quote_price_formatted: '€ 1,99',
          quantity: 24,
          markup: 32.7,
          remark: 'Per doos van 24',
          unit_label: 'st.',
        },
      ],
    };
    renderCard(productFixture({ title: 'Tortilla chips', quote_product_data: [quote] }));
    // The icon's code loads with the first card that has quotes (page weight, decision 012).
    await user.click(await screen.findByRole('button', { name: 'Better price available for Tortilla chips' }, T));
    const dialog = await screen.findByRole('dialog', { name: 'Better price for Tortilla chips' }, T);
    expect(within(dialog).getByRole('link', { name: /Offerte 2027-014/ })).toHaveAttribute('href', 'https://quotes.example/2027-014');
    expect(dialog).toHaveTextContent('Valid until 31-03-2027');
    const row = within(dialog).getAllByRole('row')[1] as HTMLElement;
    expect(within(row).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['24', '€ 1,99', 'st.', 'Per doos van 24']);
  });

  it('has no quote icon without quotes', () => {
    mockFetch();
    renderCard(productFixture({ title: 'Limes' }));
    expect(screen.queryByRole('button', { name: /Better price/ })).not.toBeInTheDocument();
  });

  it('notes an upcoming price change', async () => {
    mockFetch();
    renderCard(productFixture(), { date: '2027-02-01', percentage: 4.5, oldPrice: price(245), newPrice: price(256) });
    expect(await screen.findByText('From 01-02-2027 the price changes by +4.5% to € 2,56', {}, T)).toBeInTheDocument();
  });
});
