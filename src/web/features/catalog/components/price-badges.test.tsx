import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { productFixture } from '../test/fixtures';
import { renderWithShop } from '../test/render';

import { PriceBadges } from './price-badges';

describe('PriceBadges', () => {
  it("shows each scaled price as 'from N', the nl-NL price and the unit 'st.'", () => {
    renderWithShop(<PriceBadges product={productFixture()} onRequestPrice={() => {}} />);
    const items = within(screen.getByRole('list', { name: 'Prices' })).getAllByRole('listitem');
    // nl-NL money has a no-break space after the euro sign (STACK-NOTES 8)
    expect(items.map((item) => item.textContent?.replace(/\u00a0/g, ' '))).toEqual(['from 1 € 2,45 / st.', 'from 6 € 2,19 / st.']);
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('speaks Dutch on Dutch pages', () => {
    renderWithShop(<PriceBadges product={productFixture()} onRequestPrice={() => {}} />, { lang: 'nl', path: '/nl/assortment' });
    expect(screen.getByRole('list', { name: 'Prijzen' })).toHaveTextContent('vanaf 6 € 2,19 / st.');
  });

  it('makes each price a button that picks its quantity on the product page', async () => {
    const onChoose = vi.fn();
    const user = userEvent.setup();
    renderWithShop(<PriceBadges product={productFixture()} onChoose={onChoose} onRequestPrice={() => {}} />);
    await user.click(screen.getByRole('button', { name: /from 6/ }));
    expect(onChoose).toHaveBeenCalledWith(expect.objectContaining({ quantity: 6 }));
  });

  it("shows 'Price on request' as the button that opens the price request", async () => {
    const onRequestPrice = vi.fn();
    const user = userEvent.setup();
    renderWithShop(<PriceBadges product={productFixture({ scaled_prices: [], price: null, price_on_request: true })} onRequestPrice={onRequestPrice} />);
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Price on request' }));
    expect(onRequestPrice).toHaveBeenCalledOnce();
  });
});
