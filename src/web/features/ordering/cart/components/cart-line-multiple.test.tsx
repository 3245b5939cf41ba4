import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import type { CartOrderItem } from '../../../../../shared/api/cart';
import { price } from '../../../../../shared/money';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';

import { createTestI18n } from '../../../../test/i18n';

import { CartLine } from './cart-line';

// A cart line with an order multiple and a price per piece (decision 029).
function item(quantity: number): CartOrderItem {
  return {
    order_item_id: 7,
    uuid: 'i-7',
    order_id: 3,
    title: 'Blauwe maïstortilla’s',
    quantity: String(quantity),
    purchased_entity: { variation_id: 506, uuid: 'v-506', sku: '101006', product_id: 6, product_uuid: 'p-6', product_images: [] },
    unit_price: price(220),
    total_price: price(220 * quantity),
    tax_percentage: '0.09',
    sales_unit: { code: 'pack', content: 'pak van 30 stuks', pieces: 30, multiple: 6 },
    unit_price_per_piece: price(7),
  };
}

function renderLine(quantity: number, onQuantity: (q: number) => void, extra: Partial<CartOrderItem> = {}) {
  return render(
    <I18nextProvider i18n={createTestI18n('nl')}>
      <MemoryRouter initialEntries={['/nl/cart']}>
        <table>
          <tbody>
            <CartLine item={{ ...item(quantity), ...extra }} disabled={false} onQuantity={onQuantity} onRemove={() => {}} />
          </tbody>
        </table>
      </MemoryRouter>
    </I18nextProvider>,
  );
}

describe('CartLine with an order multiple', () => {
  it('steps by the multiple and shows the price per unit and per piece', async () => {
    const onQuantity = vi.fn();
    const user = userEvent.setup();
    renderLine(12, onQuantity);
    expect(screen.getByText('pak van 30 stuks')).toBeInTheDocument();
    const row = screen.getByRole('row');
    expect(row.textContent?.replace(/\s/g, ' ')).toContain('€ 2,20 / pak€ 0,07 / stuk');
    await user.click(screen.getByRole('button', { name: '6 meer van Blauwe maïstortilla’s' }));
    expect(onQuantity).toHaveBeenLastCalledWith(18);
    await user.click(screen.getByRole('button', { name: '6 minder van Blauwe maïstortilla’s' }));
    expect(onQuantity).toHaveBeenLastCalledWith(6);
  });

  it('keeps a typed quantity that is no multiple unsent, and offers the next multiple', async () => {
    const onQuantity = vi.fn();
    const user = userEvent.setup();
    renderLine(12, onQuantity);
    const field = screen.getByRole('spinbutton');
    expect(field).toHaveAttribute('step', '6');
    await user.clear(field);
    await user.type(field, '8{Enter}');
    await user.tab();
    expect(onQuantity).not.toHaveBeenCalled();
    expect(field).toHaveValue(8);
    expect(screen.getByRole('status')).toHaveTextContent('8 is geen veelvoud van 6.');
    await user.click(screen.getByRole('button', { name: 'Bestel 12 van Blauwe maïstortilla’s (veelvoud van 6)' }));
    expect(onQuantity).not.toHaveBeenCalled(); // 12 is what the line holds already
    expect(field).toHaveValue(12);
    await user.clear(field);
    await user.type(field, '13');
    await user.click(screen.getByRole('button', { name: 'Bestel 18 van Blauwe maïstortilla’s (veelvoud van 6)' }));
    expect(onQuantity).toHaveBeenCalledWith(18);
  });
});

describe('CartLine over stock (decision 030)', () => {
  it('warns on the line when another customer bought what it needs, and not otherwise', () => {
    const { unmount } = renderLine(12, () => {}, { stock_short: { available: 6, expected_date: null } });
    expect(screen.getByRole('status')).toHaveTextContent('Nog 6 op voorraad: pas het aantal aan');
    unmount();
    renderLine(12, () => {}, { stock_short: null });
    expect(screen.queryByText(/op voorraad: pas het aantal aan/)).not.toBeInTheDocument();
  });
});
