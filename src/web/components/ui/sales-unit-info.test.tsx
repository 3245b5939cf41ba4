import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it, vi } from 'vitest';

import { price } from '../../../shared/money';
import { createTestI18n } from '../../test/i18n';

import { steppedQuantity } from './sales-unit';
import { MultipleOffer, SalesUnitInfo } from './sales-unit-info';

const inLang = (lang: 'nl' | 'en', ui: ReactNode) => render(<I18nextProvider i18n={createTestI18n(lang)}>{ui}</I18nextProvider>);
const text = (element: HTMLElement) => element.textContent?.replace(/\s/g, ' ');

describe('SalesUnitInfo (decision 029)', () => {
  const unit = { code: 'case' as const, content: 'doos van 6 × 50 stuks', pieces: 300, multiple: 1 };

  it('writes the price per unit and per piece with the content, in Dutch and English', () => {
    inLang('nl', <SalesUnitInfo unit={unit} price={price(2320)} perPiece={price(8)} />);
    expect(text(screen.getByTestId('sales-unit-info'))).toBe('doos van 6 × 50 stuks€ 23,20 / doos · , € 0,08 / stuk');
    expect(screen.getByLabelText('Prijs per verkoopeenheid')).toBeInTheDocument();
  });

  it('in English the units are English words', () => {
    inLang('en', <SalesUnitInfo unit={{ ...unit, content: 'case of 6 × 50 pieces', multiple: 2 }} price={price(2320)} perPiece={price(8)} />);
    const info = screen.getByTestId('sales-unit-info');
    expect(text(info)).toContain('€ 23,20 / case · , € 0,08 / piece');
    expect(info).toHaveTextContent('Order in multiples of 2');
  });

  it('says nothing for a piece in any quantity, and no prices without a price per piece', () => {
    const { container } = inLang('en', <SalesUnitInfo unit={{ code: 'piece', content: null, pieces: null, multiple: 1 }} price={price(250)} perPiece={null} />);
    expect(container).toBeEmptyDOMElement();
    inLang('en', <SalesUnitInfo unit={{ code: 'jar', content: 'jar of 35 g', pieces: null, multiple: 1 }} price={price(250)} perPiece={null} />);
    expect(text(screen.getByTestId('sales-unit-info'))).toBe('jar of 35 g');
  });
});

describe('MultipleOffer (decision 029)', () => {
  it('offers the next multiple for a quantity that is none, and nothing for a multiple', async () => {
    const accept = vi.fn();
    const { rerender } = inLang('nl', <MultipleOffer quantity={7} multiple={6} name="Tortilla's" onAccept={accept} />);
    expect(screen.getByRole('status')).toHaveTextContent('7 is geen veelvoud van 6.');
    const button = screen.getByRole('button', { name: "Bestel 12 van Tortilla's (veelvoud van 6)" });
    expect(button).toHaveTextContent('Bestel 12 (veelvoud van 6)');
    await userEvent.click(button);
    expect(accept).toHaveBeenCalledWith(12);
    rerender(
      <I18nextProvider i18n={createTestI18n('nl')}>
        <MultipleOffer quantity={12} multiple={6} name="Tortilla's" onAccept={accept} />
      </I18nextProvider>,
    );
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('steps to the next multiple above and the one below, never under one multiple', () => {
    expect(steppedQuantity(6, 6, 1)).toBe(12);
    expect(steppedQuantity(7, 6, 1)).toBe(12);
    expect(steppedQuantity(7, 6, -1)).toBe(6);
    expect(steppedQuantity(18, 6, -1)).toBe(12);
    expect(steppedQuantity(6, 6, -1)).toBe(6);
    expect(steppedQuantity(3, 1, 1)).toBe(4);
    expect(steppedQuantity(3, 1, -1)).toBe(2);
    expect(steppedQuantity(1, 1, -1)).toBe(1);
  });
});
