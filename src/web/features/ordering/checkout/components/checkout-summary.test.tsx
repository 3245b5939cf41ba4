import { render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';

import type { CartOrder } from '../../../../../shared/api/cart';
import type { Language } from '../../../../../shared/lang';
import { createTestI18n } from '../../../../test/i18n';
import { cartOrder } from '../../../../test/shop-data';

import { CheckoutSummary } from './checkout-summary';

/** The cart's one line (3 × tortillas) with what the server says about its stock. */
function cartWith(stockShort: CartOrder['order_items'][number]['stock_short']): CartOrder {
  const cart = cartOrder();
  return { ...cart, order_items: cart.order_items.map((item) => ({ ...item, stock_short: stockShort })) };
}

function renderSummary(lang: Language, cart: CartOrder) {
  return render(
    <I18nextProvider i18n={createTestI18n(lang)}>
      <MemoryRouter initialEntries={[`/${lang}/cart/checkout`]}>
        <CheckoutSummary cart={cart} termsAccepted={false} termsInvalid={false} paying={false} onTerms={() => {}} onPay={() => {}} />
      </MemoryRouter>
    </I18nextProvider>,
  );
}

const line = () => document.querySelector<HTMLElement>('tr.checkout-line[data-sku="100120"]')!;

describe('the checkout summary (decision 030)', () => {
  it('tells of a line over stock as the cart line does, in Dutch and English', async () => {
    const { unmount } = renderSummary('nl', cartWith({ available: 2, expected_date: null }));
    expect(await within(line()).findByRole('status')).toHaveTextContent('Nog 2 op voorraad: pas het aantal aan');
    unmount();
    renderSummary('en', cartWith({ available: 0, expected_date: '2027-01-12' }));
    expect(await within(line()).findByRole('status')).toHaveTextContent('Out of stock: change the quantity');
  });

  it('says nothing of stock for a line that can be placed', async () => {
    renderSummary('en', cartWith(null));
    expect(await screen.findByText('Tortilla de maíz 15 cm')).toBeInTheDocument();
    expect(line().querySelector('.stock-short-note')).toBeNull();
  });
});
