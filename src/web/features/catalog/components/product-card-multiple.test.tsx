import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { price } from '../../../../shared/money';
import { jsonResponse, mockFetch, on } from '../../../test/fetch-mock';
import { productFixture } from '../test/fixtures';
import { renderWithShop } from '../test/render';

import { ProductCard } from './product-card';

// Sales units and order multiples on the product card (decision 029).
const pack = (lang: 'nl' | 'en' = 'en') =>
  productFixture({
    title: 'Blue corn tortillas',
    scaled_prices: [
      { quantity: 1, price: price(220) },
      { quantity: 12, price: price(200) },
    ],
    price: price(220),
    price_per_piece: price(7),
    sales_unit: { code: 'pack', content: lang === 'nl' ? 'pak van 30 stuks' : 'pack of 30 pieces', pieces: 30, multiple: 6 },
  });

describe('ProductCard with an order multiple', () => {
  it('starts at the first multiple, steps by it, and keeps a typed quantity that is no multiple while offering the next one', async () => {
    const calls = mockFetch(on('POST', '/cart/add', () => jsonResponse(200, [])));
    const user = userEvent.setup();
    const product = pack();
    renderWithShop(<ProductCard product={product} mutation={undefined} />);
    const field = screen.getByRole('spinbutton', { name: 'Quantity of Blue corn tortillas' });
    expect(field).toHaveValue(6);
    expect(field).toHaveAttribute('step', '6');
    expect(screen.getByRole('button', { name: '6 fewer' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: '6 more' }));
    expect(field).toHaveValue(12);
    await user.click(screen.getByRole('button', { name: '6 fewer' }));
    expect(field).toHaveValue(6);

    await user.clear(field);
    await user.type(field, '7');
    await user.tab();
    expect(field).toHaveValue(7);
    expect(await screen.findByTestId('multiple-offer')).toHaveTextContent('7 is not a multiple of 6.');
    // Adding what is no multiple sends nothing and takes the customer to the offer.
    await user.click(screen.getByRole('button', { name: 'Add Blue corn tortillas to cart' }));
    const offer = screen.getByRole('button', { name: 'Order 12 of Blue corn tortillas (multiple of 6)' });
    expect(offer).toHaveFocus();
    expect(offer).toHaveTextContent('Order 12 (multiple of 6)');
    expect(calls.some((call) => call.url.includes('/cart/add'))).toBe(false);

    await user.click(offer);
    expect(field).toHaveValue(12);
    expect(screen.queryByTestId('multiple-offer')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add Blue corn tortillas to cart' }));
    await waitFor(() => expect(calls.some((call) => call.url.includes('/cart/add'))).toBe(true));
    expect(calls.find((call) => call.url.includes('/cart/add'))?.body).toEqual([
      { purchased_entity_type: 'commerce_product_variation', purchased_entity_id: product.variations[0]?.drupal_internal__variation_id, quantity: 12, combine: true },
    ]);
  });

  it('shows the price per sales unit and per piece, the content and the multiple, in Dutch', async () => {
    mockFetch();
    renderWithShop(<ProductCard product={pack('nl')} mutation={undefined} />, { path: '/nl/assortment', lang: 'nl' });
    const info = await screen.findByTestId('sales-unit-info');
    expect(info).toHaveTextContent('pak van 30 stuks');
    expect(info.textContent?.replace(/\s/g, ' ')).toContain('€ 2,20 / pak · , € 0,07 / stuk');
    expect(info).toHaveTextContent('Bestellen per 6');
    expect(screen.getByRole('list', { name: 'Prijzen' })).toHaveTextContent('/ pak');
    expect(screen.getByRole('button', { name: '6 meer' })).toBeInTheDocument();
  });

  it('a product by the piece in any quantity looks as the spec has it: no unit line, steps of one, a price per st.', () => {
    mockFetch();
    renderWithShop(<ProductCard product={productFixture({ title: 'Salsa' })} mutation={undefined} />);
    expect(screen.queryByTestId('sales-unit-info')).not.toBeInTheDocument();
    expect(screen.getByRole('spinbutton', { name: 'Quantity of Salsa' })).toHaveValue(1);
    expect(screen.getByRole('button', { name: 'One more' })).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Prices' })).toHaveTextContent('/ st.');
  });
});
