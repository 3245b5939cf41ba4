import { render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';

import type { OrderResource } from '../../../shared/api/checkout';
import { createTestI18n } from '../../test/i18n';
import { orderResource } from '../../test/shop-data';

import { BackorderNote, StockShortNote } from './line-notes';
import { OrderTable } from './order-table';

const inLang = (lang: 'nl' | 'en', ui: ReactNode) =>
  render(
    <I18nextProvider i18n={createTestI18n(lang)}>
      <MemoryRouter initialEntries={[`/${lang}/account/orders/7`]}>{ui}</MemoryRouter>
    </I18nextProvider>,
  );

/** Order 7: 2 cases of tortillas, and 12 jars of salsa of which 3 on backorder (decisions 029 and 030). */
function placed(content: string, expected: string | null): OrderResource {
  const order = orderResource(7);
  const [tortillas, salsa] = order.order_items as [OrderResource['order_items'][number], OrderResource['order_items'][number]];
  return {
    ...order,
    order_items: [
      { ...tortillas, quantity: '2', sales_unit: { code: 'case', content } },
      { ...salsa, sales_unit: null, backorder: { quantity: 3, expected_date: expected } },
    ],
  };
}

const lineOf = (sku: string) => document.querySelector<HTMLElement>(`tr.order-line[data-sku="${sku}"]`)!;

describe('a placed order line (order placed page and order detail)', () => {
  it('shows the sales unit as placed and the backorder with its date, in Dutch', async () => {
    inLang('nl', <OrderTable order={placed('doos van 6 × 50', '2026-12-12')} className="order-lines" />);
    expect(await within(lineOf('100120')).findByText('2 dozen · doos van 6 × 50')).toBeInTheDocument();
    expect(within(lineOf('200200')).getByText('Hiervan zijn er 3 niet op voorraad; die worden later geleverd (verwacht op 12 december 2026).')).toBeInTheDocument();
    expect(lineOf('200200').querySelector('.unit-quantity-note')).toBeNull();
    expect(lineOf('100120').querySelector('.backorder-note')).toBeNull();
  });

  it('in English, and without a date when none was known', async () => {
    inLang('en', <OrderTable order={placed('case of 6 × 50', null)} className="order-lines" />);
    expect(await within(lineOf('100120')).findByText('2 cases · case of 6 × 50')).toBeInTheDocument();
    expect(within(lineOf('200200')).getByText('3 are not in stock and will be delivered later.')).toBeInTheDocument();
  });

  it('says the backorder was expected soon when its date had passed on the day the order was placed (21 November 2026, 00:30 in Amsterdam)', async () => {
    const { unmount } = inLang('nl', <OrderTable order={placed('doos van 6 × 50', '2026-11-03')} className="order-lines" />);
    expect(await within(lineOf('200200')).findByText('Hiervan zijn er 3 niet op voorraad; die worden later geleverd (binnenkort verwacht).')).toBeInTheDocument();
    unmount();
    inLang('en', <OrderTable order={placed('case of 6 × 50', '2026-11-21')} className="order-lines" />);
    expect(await within(lineOf('200200')).findByText('3 are not in stock and will be delivered later (expected on 21 November 2026).')).toBeInTheDocument();
  });

  it('says nothing more for an order placed before units and backorders were kept', async () => {
    inLang('nl', <OrderTable order={orderResource(7)} className="order-lines" />);
    expect(await screen.findByText('Tortilla de maíz 15 cm')).toBeInTheDocument();
    expect(document.querySelector('.unit-quantity-note, .backorder-note')).toBeNull();
  });
});

describe('a backorder note', () => {
  it('tells a date before its day as expected soon, in English and Dutch', async () => {
    const { unmount } = inLang('en', <BackorderNote backorder={{ quantity: 1, expected_date: '2026-11-26' }} asOf="2026-11-27" />);
    expect(await screen.findByText('1 is not in stock and will be delivered later (expected soon).')).toBeInTheDocument();
    unmount();
    inLang('nl', <BackorderNote backorder={{ quantity: 1, expected_date: '2026-11-26' }} asOf="2026-11-27" />);
    expect(await screen.findByText('Hiervan is er 1 niet op voorraad; die wordt later geleverd (binnenkort verwacht).')).toBeInTheDocument();
  });
});

describe('a cart line over stock', () => {
  it('asks to change the quantity, with what is left, in Dutch and English', async () => {
    const { unmount } = inLang('nl', <StockShortNote short={{ available: 2, expected_date: null }} />);
    expect(await screen.findByRole('status')).toHaveTextContent('Nog 2 op voorraad: pas het aantal aan');
    unmount();
    inLang('en', <StockShortNote short={{ available: 2, expected_date: null }} />);
    expect(await screen.findByRole('status')).toHaveTextContent('Only 2 left in stock: change the quantity');
  });

  it('says when nothing is left, and nothing for a line that can be placed', async () => {
    const { unmount } = inLang('nl', <StockShortNote short={{ available: 0, expected_date: '2027-01-12' }} />);
    expect(await screen.findByRole('status')).toHaveTextContent('Niet meer op voorraad: pas het aantal aan');
    unmount();
    const { container } = inLang('en', <StockShortNote short={null} />);
    expect(container).toBeEmptyDOMElement();
  });
});
