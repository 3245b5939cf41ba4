import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { okLine, previewOf, problemLine, quickProduct } from '../../../test/quick-order-fixtures';
import { I18nextProvider } from 'react-i18next';

import { createTestI18n } from '../../../test/i18n';

import { PreviewTable } from './preview-table';

// Quick order's preview of lines that are no multiple of their article's order multiple (decision 029).
const unit = { code: 'pack' as const, content: 'pak van 30 stuks', pieces: 30, multiple: 6 };
const pack = quickProduct('101006', 'Blauwe maïstortilla’s', { sales_unit: unit, minimum_quantity: 10 });

function renderPreview(onUseMinimum: (index: number, quantity: number) => void) {
  const preview = previewOf([
    okLine(1, quickProduct('101002', 'Maïstortilla’s'), 2, 2320),
    problemLine(2, pack.sku, 'not_multiple', 'Artikel 101006 bestel je in veelvouden van 6: 13 kan niet, 18 wel.', { quantity: 13, product: pack }),
    problemLine(3, pack.sku, 'below_minimum', 'Artikel 101006 wordt verkocht vanaf 10 stuks.', { quantity: 2, product: pack }),
  ]);
  return render(
    <I18nextProvider i18n={createTestI18n('nl')}>
      <PreviewTable preview={preview} onUseMinimum={onUseMinimum} onAdd={() => {}} onClear={() => {}} busy={false} adding={false} headingRef={{ current: null }} />
    </I18nextProvider>,
  );
}

describe('PreviewTable with order multiples', () => {
  it('offers the next multiple of a line that is none, and a minimum that is a multiple, never applying either itself', async () => {
    const use = vi.fn();
    renderPreview(use);
    const lines = screen.getAllByTestId('preview-line');
    expect(lines[1]).toHaveAttribute('data-status', 'not_multiple');
    expect(lines[1]).toHaveTextContent('Geen veelvoud');
    expect(lines[1]).toHaveTextContent('13 kan niet, 18 wel.');
    expect(use).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Bestel 18 van Blauwe maïstortilla’s (veelvoud van 6)' }));
    expect(use).toHaveBeenLastCalledWith(1, 18);
    // Sold from 10, in multiples of 6: the first quantity that may be ordered is 12.
    await userEvent.click(screen.getByRole('button', { name: 'Minimum 12 gebruiken voor Blauwe maïstortilla’s' }));
    expect(use).toHaveBeenLastCalledWith(2, 12);
  });
});
